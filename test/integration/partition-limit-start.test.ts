/**
 * How the model of DynamoDB's per-partition limit (infra/dynamodb/partition-limit.ts) fails to
 * start: its port taken, before any Java starts; npm start's LOCAL_PARTITION_WRITES refused.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { startLimitedDynamoDbLocal } from '../../infra/dynamodb/partition-limit';
import { childEnv, spawnStart } from '../../infra/start/process';
import { runToEnd } from '../support/run-to-end';

const N = 5;

test("a DYNAMODB_PORT in use: Node's EADDRINUSE, which npm start names in one line, before DynamoDB Local starts", async () => {
  const occupied = createServer().listen(0, '127.0.0.1');
  await once(occupied, 'listening');
  const { port } = occupied.address() as AddressInfo;
  const javas = () =>
    execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).split('DynamoDBLocal').length;
  const before = javas();
  await expect(startLimitedDynamoDbLocal({ port, quickCompiler: true, partitionWrites: N })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  expect(javas()).toBe(before);
  occupied.close();
}, 60_000);

test('npm start refuses a LOCAL_PARTITION_WRITES that is not a positive whole number, in one line, exit code 1', async () => {
  const { code, lines } = await runToEnd(spawnStart(childEnv({ LOCAL_PARTITION_WRITES: '0' })));
  expect(lines).toEqual(['LOCAL_PARTITION_WRITES must be a positive whole number (writes a second to one partition key), not "0"']);
  expect(code).toBe(1);
}, 60_000);

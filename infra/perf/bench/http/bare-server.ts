/**
 * The throughput section's yardstick, run as a child process (server-process.ts): a bare
 * node:http server on a free loopback port that answers every request with the one answer it
 * is handed over IPC (captured-response.ts), captured from the local stack: the same status,
 * header lines and body bytes, and nothing else done per request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedResponse } from './captured-response';
import { reportListening } from './server-process';

process.once('message', (answer: CapturedResponse) => {
  const body = Buffer.from(answer.body, 'base64');
  const headers = [...answer.headers];
  const server = createServer((_request, response) => {
    response.writeHead(answer.status, headers);
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => reportListening(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
});

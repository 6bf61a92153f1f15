/**
 * A loopback proxy in front of the run's DynamoDB Local: on hold, it takes requests on new and
 * kept-alive connections and answers nothing; let go, it passes them on. It counts what it holds.
 */
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface DatabaseOnHold {
  readonly endpoint: string;
  hold(): void;
  letGo(): void;
  /** Requests that reached it on hold, since it was started. */
  readonly held: number;
  /** Resolves once it has held `count` requests since it was started. */
  whenHeld(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Every HTTP request the SDK sends DynamoDB is a POST; a chunk that starts one starts a request. */
const startsRequest = (chunk: Buffer): boolean => chunk.subarray(0, 5).toString('latin1') === 'POST ';

export async function databaseOnHold(upstream: string): Promise<DatabaseOnHold> {
  const { hostname, port } = new URL(upstream);
  let holding = false;
  let held = 0;
  const passOn: Array<() => void> = [];
  let waiters: Array<{ count: number; wake: () => void }> = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A client that gave up (an aborted read) resets its connection: nothing to report.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const database = connect(Number(port), hostname);
    track(client);
    track(database);
    client.on('close', () => database.destroy());
    database.on('close', () => client.destroy());
    database.on('data', (chunk) => client.write(chunk));
    client.on('data', (chunk: Buffer) => {
      if (!holding) {
        database.write(chunk);
        return;
      }
      passOn.push(() => database.destroyed || database.write(chunk));
      if (!startsRequest(chunk)) return;
      held++;
      for (const waiter of waiters) if (held >= waiter.count) waiter.wake();
      waiters = waiters.filter((waiter) => held < waiter.count);
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      holding = true;
    },
    letGo: () => {
      holding = false;
      for (const write of passOn.splice(0)) write();
    },
    get held() {
      return held;
    },
    whenHeld: (count) => (held >= count ? Promise.resolve() : new Promise((wake) => waiters.push({ count, wake }))),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((closed) => server.close(() => closed()));
    },
  };
}

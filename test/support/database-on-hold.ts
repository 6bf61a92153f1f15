/**
 * A loopback proxy before DynamoDB Local: on hold it keeps every request (new and kept-alive connections) unanswered and counts
 * them, let go it passes them on; down it refuses connections; hung it keeps new ones until released, the last first, one at a time.
 */
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';

/** Every HTTP request the SDK sends DynamoDB is a POST; a chunk that starts one starts a request. */
const startsRequest = (chunk: Buffer): boolean => chunk.subarray(0, 5).toString('latin1') === 'POST ';

export class DatabaseOnHold {
  private holding = false;
  private hung = false;
  private kept: Array<{ readonly client: Socket; readonly sent: Buffer[] }> = [];
  private heldWrites: Array<() => void> = [];
  private waiters: Array<{ count: number; wake: () => void }> = [];
  private readonly sockets = new Set<Socket>();
  /** Requests that reached it on hold, since it was started. */
  held = 0;

  constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly targetPort: number,
  ) {
    server.on('connection', (client) => this.accept(this.track(client)));
  }

  /** A proxy on a port of its own to the DynamoDB Local at `target` (an endpoint URL). */
  static async start(target: string): Promise<DatabaseOnHold> {
    const server = createServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    return new DatabaseOnHold(server, (server.address() as AddressInfo).port, Number(new URL(target).port));
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  hold(): void {
    this.holding = true;
  }

  /** Passes on what was held, in order; a request whose client gave up meanwhile is dropped. */
  letGo(): void {
    this.holding = false;
    for (const write of this.heldWrites.splice(0)) write();
  }

  /** Resolves once it has held `count` requests since it was started. */
  whenHeld(count: number): Promise<void> {
    return this.held >= count ? Promise.resolve() : new Promise((wake) => this.waiters.push({ count, wake }));
  }

  /** Down: the port closed, and the connections open cut. */
  async down(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  up(): Promise<void> {
    return new Promise((listening) => this.server.listen(this.port, '127.0.0.1', listening));
  }

  async stop(): Promise<void> {
    await this.down().catch(() => undefined);
  }

  hang(): void {
    this.hung = true;
  }

  /** Sends what was kept to the database, the last request sent first, each once the one before is answered. */
  async release(): Promise<number> {
    this.hung = false;
    const kept = this.kept.reverse();
    this.kept = [];
    for (const { client, sent } of kept) await this.forward(client, sent);
    return kept.length;
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  }

  private accept(client: Socket): void {
    if (!this.hung) return void this.forward(client, []);
    const kept = { client, sent: [] as Buffer[] };
    client.on('data', (chunk: Buffer) => kept.sent.push(chunk));
    this.kept.push(kept);
  }

  /** Held while on hold: written once let go, if its client is still there. */
  private pass(client: Socket, database: Socket, chunk: Buffer): void {
    if (!this.holding) return void database.write(chunk);
    this.heldWrites.push(() => client.destroyed || database.write(chunk));
    if (!startsRequest(chunk)) return;
    this.held++;
    for (const waiter of this.waiters) if (this.held >= waiter.count) waiter.wake();
    this.waiters = this.waiters.filter((waiter) => this.held < waiter.count);
  }

  /** Sends `sent`, then what `client` sends, to the database, answers back; resolves at its first answer, before which it is never cut. */
  private forward(client: Socket, sent: readonly Buffer[]): Promise<void> {
    const database = this.track(createConnection(this.targetPort, '127.0.0.1'));
    for (const chunk of sent) database.write(chunk);
    const answered = new Promise<void>((resolve) => {
      database.once('data', () => resolve());
      database.once('close', () => resolve());
    });
    client.removeAllListeners('data');
    client.on('data', (chunk: Buffer) => this.pass(client, database, chunk));
    database.on('data', (chunk: Buffer) => client.destroyed || client.write(chunk));
    const cut = () => void answered.then(() => database.destroy());
    if (client.destroyed) cut();
    else client.once('close', cut);
    database.once('close', () => client.destroy());
    return answered;
  }
}

/**
 * A TCP proxy in front of DynamoDB Local: down, it refuses connections; hung, it keeps what is sent,
 * unanswered; released, the database gets it one request at a time, the last sent first.
 */
import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';

type Kept = { readonly client: Socket; readonly sent: Buffer[] };

export class DatabaseGate {
  private hung = false;
  private kept: Kept[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly targetPort: number,
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  /** A proxy on a port of its own to the DynamoDB Local at `target` (an endpoint URL). */
  static async start(target: string): Promise<DatabaseGate> {
    const server = createServer();
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    return new DatabaseGate(server, (server.address() as AddressInfo).port, Number(new URL(target).port));
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Down: the port refuses connections, and those open are cut. */
  async down(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Up again on the same port. */
  up(): Promise<void> {
    return new Promise((listening) => this.server.listen(this.port, '127.0.0.1', listening));
  }

  /** Hung: connections made from now on are accepted, and what they send is kept, unanswered. */
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

  async stop(): Promise<void> {
    await this.down().catch(() => undefined);
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    return socket;
  }

  private accept(client: Socket): void {
    this.track(client);
    if (!this.hung) {
      void this.forward(client, []);
      return;
    }
    const kept: Kept = { client, sent: [] };
    client.on('data', (chunk: Buffer) => kept.sent.push(chunk));
    this.kept.push(kept);
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
    client.on('data', (chunk: Buffer) => database.write(chunk));
    database.on('data', (chunk: Buffer) => client.destroyed || client.write(chunk));
    const cut = () => void answered.then(() => database.destroy());
    if (client.destroyed) cut();
    else client.once('close', cut);
    database.once('close', () => client.destroy());
    return answered;
  }
}

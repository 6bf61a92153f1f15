/**
 * The database on hold (database-on-hold.ts) that can also go down, refusing connections, or
 * hang: new connections kept unanswered until released, the last sent first, one request at a time.
 */
import type { Socket } from 'node:net';
import { DatabaseOnHold } from './database-on-hold';

type Kept = { readonly client: Socket; readonly sent: Buffer[] };

export class DatabaseGate extends DatabaseOnHold {
  private hung = false;
  private kept: Kept[] = [];

  down(): Promise<void> {
    return this.shut();
  }

  up(): Promise<void> {
    return new Promise((listening) => this.server.listen(this.port, '127.0.0.1', listening));
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

  protected override accept(client: Socket): void {
    if (!this.hung) super.accept(client);
    else {
      const kept: Kept = { client, sent: [] };
      client.on('data', (chunk: Buffer) => kept.sent.push(chunk));
      this.kept.push(kept);
    }
  }
}

/**
 * The local stack's server of one HTTP API of template.yaml as `npm start` serves it
 * (infra/local/server.ts with that API's routes, each function loaded from source on its first
 * request): the API or the short-link host, as the one message its parent hands it says
 * (`{ api: 'Api' }` or `{ api: 'ShortApi' }`). Run as a child process (server-process.ts) on a
 * free loopback port, with the functions' environment its parent gives it. Its functions write
 * their log and metric lines to stdout, which is /dev/null: they pay for writing them, as on Lambda.
 */
import { startLocalServer } from '../../../local/server';
import { loadTemplate } from '../../../template/read';
import { functionTimeoutSeconds } from '../../../template/functions';
import { routesOf } from '../../../template/routes';
import { reportListening } from './server-process';

/** What a parent hands the child: which HTTP API to serve. */
export interface StackServerMessage {
  readonly api: 'Api' | 'ShortApi';
}

process.once('message', async ({ api }: StackServerMessage) => {
  const template = loadTemplate();
  const routes = routesOf(template).filter((route) => route.api === api);
  const server = await startLocalServer({ routes, port: 0, timeoutSeconds: functionTimeoutSeconds(template) });
  reportListening(server.url);
});

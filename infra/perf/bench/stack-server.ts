/**
 * The local stack's API server as `npm start` serves it (infra/local/server.ts with
 * template.yaml's routes of the Api, each function loaded from source on its first request),
 * run as a child process (server-process.ts) on a free loopback port, with the functions'
 * environment its parent gives it. Its functions write their log and metric lines to stdout,
 * which is /dev/null: they pay for writing them, as on Lambda.
 */
import { startLocalServer } from '../../local/server';
import { functionTimeoutSeconds, loadTemplate, routesOf } from '../../local/template';
import { reportListening } from './server-process';

const template = loadTemplate();
const routes = routesOf(template).filter((route) => route.api === 'Api');
const server = await startLocalServer({ routes, port: 0, timeoutSeconds: functionTimeoutSeconds(template) });
reportListening(server.url);

/** `npm start`: serves the API locally at http://127.0.0.1:3000 (PORT overrides). */
import { startLocalServer } from './local-server';
import { defaultEnvironment, loadTemplate, routesOf } from './template';

const template = loadTemplate();
// The template's settings, unless the environment already says otherwise.
for (const [name, value] of Object.entries(defaultEnvironment(template))) process.env[name] ??= value;

const timeoutSeconds = Number((template.Globals?.Function?.Timeout as number | undefined) ?? 10);
const server = await startLocalServer({ routes: routesOf(template), port: Number(process.env.PORT ?? 3000), timeoutSeconds });

console.log(`Social news read API listening at ${server.url}`);
console.log(`Try: curl '${server.url}/errors?appkey=http%3A%2F%2Fmy.app%2F'`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void server.close().then(() => process.exit(0)));
}

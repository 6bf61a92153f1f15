/**
 * The API's reference page: docs/openapi.yaml rendered by Swagger UI (swagger-ui-dist), in three
 * files with the document inlined, so that it needs no network (docs/reference-page.md).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import type { StaticFile } from '../local/server';
import { PROJECT_ROOT } from '../template/read';

/** Where `npm start` serves the page: a path the API's catch-all answers 404 for on AWS. */
export const DOCS_PATH = '/docs/';

/** The addresses the local servers listen at, which the page sends its requests to. */
interface LocalOrigins {
  readonly api: string;
  readonly shortLinks: string;
}

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+$/;

/** The document with its loopback servers moved to where the local servers listen (a path's own: the short-link host's). */
function servedFrom(document: any, origins: LocalOrigins): any {
  const moved = (servers: Array<{ url: string }>, origin: string) =>
    servers.map((server) => (LOOPBACK.test(server.url) ? { ...server, url: origin } : server));
  const paths = Object.entries<any>(document.paths).map(([path, item]) => [
    path,
    item.servers ? { ...item, servers: moved(item.servers, origins.shortLinks) } : item,
  ]);
  return { ...document, servers: moved(document.servers, origins.api), paths: Object.fromEntries(paths) };
}

/** A file of swagger-ui-dist, without the line that points at its source map (not shipped). */
function rendererFile(name: string): string {
  const text = readFileSync(resolve(PROJECT_ROOT, 'node_modules/swagger-ui-dist', name), 'utf8');
  return text.replace(/(\/\/# sourceMappingURL=\S+|\/\*# sourceMappingURL=[^*]*\*\/)\s*$/, '');
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's files by name (index.html first); without `origins`, the servers as written. Swagger
 * UI's validatorUrl is off: it would send the document to an online validator for a badge.
 */
export function apiDocsFiles(origins?: LocalOrigins): ReadonlyMap<string, StaticFile> {
  const written = load(readFileSync(resolve(PROJECT_ROOT, 'docs/openapi.yaml'), 'utf8'));
  const document = origins ? servedFrom(written, origins) : written;
  // In a <script>, `<` inside the JSON's strings could close the element: \u003c is the same string.
  const inlined = JSON.stringify(document).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</title>
<link rel="stylesheet" href="swagger-ui.css">
</head>
<body>
<div id="api-docs"></div>
<script src="swagger-ui-bundle.js"></script>
<script>
SwaggerUIBundle({ dom_id: '#api-docs', spec: ${inlined}, deepLinking: true, tryItOutEnabled: true, validatorUrl: null });
</script>
</body>
</html>
`;
  return new Map([
    ['index.html', { contentType: 'text/html; charset=utf-8', body: html }],
    ['swagger-ui-bundle.js', { contentType: 'text/javascript; charset=utf-8', body: rendererFile('swagger-ui-bundle.js') }],
    ['swagger-ui.css', { contentType: 'text/css; charset=utf-8', body: rendererFile('swagger-ui.css') }],
  ]);
}

/** The files as the local API serves them: index.html at DOCS_PATH itself, the others beside it. */
export function apiDocsRoutes(origins: LocalOrigins): ReadonlyMap<string, StaticFile> {
  return new Map([...apiDocsFiles(origins)].map(([name, file]) => [name === 'index.html' ? DOCS_PATH : DOCS_PATH + name, file]));
}

/**
 * The API reference page in headless Chromium: served by `npm start` at /docs/ with every route, "Try it out"
 * answered locally, no other host asked; `npm run docs` writes it to open offline. DOCS_SCREENSHOT saves a PNG.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { loadTemplate } from '../../infra/template/read';
import { routesOf } from '../../infra/template/routes';
import { startStack, type RunningStack } from '../../infra/start/process';
import { launchChromium } from '../support/chromium';

/**
 * Every route of the template as the page names it: method and path, API Gateway's greedy
 * `{name+}` written `{name}` as in OpenAPI. The `$default` routes (each host's catch-all) take
 * every other path and are told in the page's text, not as operations.
 */
const ROUTES = routesOf(loadTemplate())
  .filter((route) => route.path !== '$default')
  .map((route) => `${route.method} ${route.path.replace(/\{(\w+)\+\}/g, '{$1}')}`)
  .sort();

/** The browser; where none is installed, a rejection saying how to get one, which fails each test that opens a page. */
let browser: Promise<Browser>;
let stack: RunningStack;
let docsUrl = '';

beforeAll(async () => {
  browser = launchChromium();
  browser.catch(() => {}); // handled: the tests that open a page await it and fail with its message
  stack = await startStack();
  docsUrl = `${stack.api}/docs/`;
}, 90_000);

afterAll(async () => {
  await (await browser?.catch(() => undefined))?.close();
  await stack?.stop();
});

type Opened = { page: Page; requested: string[] };
/** A fresh page that records every URL it asks for. */
async function openPage(): Promise<Opened> {
  const page = await (await browser).newPage({ viewport: { width: 1280, height: 900 } });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  return { page, requested };
}

/** The served page, opened once for the tests that look at it: each load costs Swagger UI's start-up. */
let served: Promise<Opened> | undefined;
function servedPage(): Promise<Opened> {
  served ??= openPage().then(async (opened) => {
    await opened.page.goto(docsUrl);
    return opened;
  });
  return served;
}

/** The operations Swagger UI shows, as `METHOD /path`, once it has rendered them. */
async function shownOperations(page: Page): Promise<string[]> {
  await page.locator('.opblock-summary').first().waitFor({ timeout: 40_000 });
  const summaries = await page.locator('.opblock-summary').all();
  const shown = await Promise.all(
    summaries.map(async (summary) => {
      if (!(await summary.isVisible())) return undefined;
      const method = await summary.locator('.opblock-summary-method').textContent();
      // The path as shown (struck through when deprecated); Swagger UI breaks long ones with zero-width spaces.
      const path = (await summary.locator('[data-path]').textContent())?.replace(/\u200b/g, '');
      return `${method} ${path}`;
    }),
  );
  return shown.filter((operation) => operation !== undefined).sort();
}

/** The operations (one per method) of a path on the page. */
const operationOf = (page: Page, path: string) => page.locator('.opblock', { has: page.locator(`[data-path="${path}"]`) });

/** A PNG of the page from its servers to its last operation: the part that lists the routes. */
async function saveOperations(page: Page, path: string): Promise<void> {
  const top = (await page.locator('.scheme-container').boundingBox())!;
  const last = (await page.locator('.opblock-tag-section').last().boundingBox())!;
  const clip = { x: 0, y: top.y, width: page.viewportSize()!.width, height: last.y + last.height - top.y };
  await page.screenshot({ path, fullPage: true, clip });
}

test('npm start prints the address of the reference page, on the API host', () => {
  expect(stack.printed).toContain(`API reference (local only) at ${docsUrl}\n`);
});

test('the served page shows every route of template.yaml, with the servers npm start listens at', async () => {
  const { page, requested } = await servedPage();
  expect(ROUTES).toHaveLength(16);
  expect(await shownOperations(page)).toEqual(ROUTES);
  const screenshot = process.env.DOCS_SCREENSHOT;
  if (screenshot) await saveOperations(page, screenshot);
  // The API's servers list starts with this API; the short-link host's operations with that host.
  expect(await page.locator('.scheme-container select option').first().getAttribute('value')).toBe(stack.api);
  const shortLink = operationOf(page, '/{code}').first();
  await shortLink.locator('.opblock-summary-control').click();
  await expect(shortLink.locator('.operation-servers select option').first().getAttribute('value')).resolves.toBe(stack.shortLinks);
  // Script, styles and document come from the local API alone: the page works offline.
  expect(requested.filter((url) => !url.startsWith(`${stack.api}/docs/`) && !url.startsWith('data:'))).toEqual([]);
}, 60_000);

test("an example request sent with the page's Try it out is answered by the local API", async () => {
  const { page } = await servedPage();
  const operation = operationOf(page, '/error/{code}');
  await operation.locator('.opblock-summary-control').click();
  // The document's examples fill appkey, the code and callback (ignored but by Javascript); the type is chosen from its list.
  const input = (name: string) => operation.locator(`tr[data-param-name="${name}"] input`).inputValue();
  expect([await input('appkey'), await input('code')]).toEqual(['http://myapp.example.org/', '1005']);
  await operation.locator('tr[data-param-name="type"] select').selectOption('json');
  const answered = page.waitForResponse((response) => response.url().startsWith(`${stack.api}/error/`));
  await operation.locator('button.execute').click();
  const response = await answered;
  const sent = `${stack.api}/error/1005?appkey=http%3A%2F%2Fmyapp.example.org%2F&type=json&callback=handleAnswer`;
  expect(response.url()).toBe(sent);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ errors: [{ code: 1005, message: 'Application key required' }] });
  // What the page shows of it: the request URL, its curl line, the status and the body.
  const shown = (selector: string) => operation.locator(selector).textContent();
  await expect(shown('.request-url pre')).resolves.toBe(sent);
  await expect(shown('.curl-command')).resolves.toContain(`curl -X 'GET' \\\n  '${sent}'`);
  await expect(shown('.live-responses-table tbody .response-col_status')).resolves.toBe('200');
  await expect(shown('.live-responses-table tbody .response-col_description')).resolves.toContain('Application key required');
}, 60_000);

/** Requests near the page's: each answers exactly as the same request to a path the page does not touch, the catch-all. */
const ASKED = ['GET /docs', 'GET /docs/index.html', 'GET /docs/openapi.yaml', 'POST /docs/', 'HEAD /docs/', 'DELETE /docs/swagger-ui.css'];

describe('the API answers around the page as it did before', () => {
  const KEY = 'appkey=http%3A%2F%2Fmy.app%2F&type=json';
  const answer = async (url: string, method = 'GET') => {
    const response = await fetch(url, { method, redirect: 'manual' });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  };

  test('GET answers the page and its two files, each in its type', async () => {
    const files = ['', 'swagger-ui-bundle.js', 'swagger-ui.css'];
    const answers = await Promise.all(files.map(async (file) => answer(`${docsUrl}${file}`)));
    expect(answers.map(({ status, type }) => [status, type])).toEqual([
      [200, 'text/html; charset=utf-8'],
      [200, 'text/javascript; charset=utf-8'],
      [200, 'text/css; charset=utf-8'],
    ]);
  });

  test.each(ASKED)('%s is the catch-all 404, as elsewhere', async (request) => {
    const [method, path] = request.split(' ') as [string, string];
    const docs = await answer(`${stack.api}${path}?${KEY}`, method);
    const elsewhere = await answer(`${stack.api}${path.replace('/docs', '/elsewhere')}?${KEY}`, method);
    expect(docs).toEqual(elsewhere);
    expect(docs.status).toBe(404);
    if (method !== 'HEAD') expect(JSON.parse(docs.body)).toEqual({ code: 404, message: 'Not found' });
  });

  test('the short-link host serves no page: /docs/ there is its 404 page, as any unknown path', async () => {
    const docs = await answer(`${stack.shortLinks}/docs/`);
    expect(docs).toEqual(await answer(`${stack.shortLinks}/elsewhere/`));
    expect(docs.status).toBe(404);
  });
});

test('npm run docs writes the page, which shows every route from its own file, offline', async () => {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.docs!;
  const file = /^tsx (\S+)$/.exec(script)?.[1];
  if (!file) throw new Error(`unexpected docs script: ${script}`);
  const directory = mkdtempSync(join(tmpdir(), 'api-docs-'));
  try {
    const { stdout: printed } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file, directory], { timeout: 60_000 });
    const index = pathToFileURL(join(directory, 'index.html')).href;
    expect(printed).toContain(index);
    const { page, requested } = await openPage();
    await page.goto(index);
    expect(await shownOperations(page)).toEqual(ROUTES);
    // The document's own servers: the local API at its default address first.
    expect(await page.locator('.scheme-container select option').first().getAttribute('value')).toBe('http://127.0.0.1:3000');
    expect(requested.filter((url) => !url.startsWith(pathToFileURL(directory).href) && !url.startsWith('data:'))).toEqual([]);
    await page.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}, 90_000);

/**
 * Visits on the short-link host (docs/api.md, Short URLs: Views): a 301 to the stored link, uncached,
 * each GET counted once, concurrent ones too; HEAD answers alike and counts nothing; anything else
 * the 404 page. Through the real handlers and DynamoDB Local.
 */
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { invokeShortLink, type Invocation } from '../support/invoke';
import { codeOf } from '../support/short-url-host';
import { created, looked, uniqueLink } from '../support/short-url-requests';
import { followViewsEachTest } from '../support/views-sent';

// A machine busy with other work may take seconds for a burst: the time a test may take is no rule here.
jest.setTimeout(30_000);

// A redirect answers without its view after 0.5 s: a count is read once every view sent has ended.
const views = followViewsEachTest(DynamoShortUrlStore.prototype);

describe('Short URLs: views on the short-link host', () => {
  const expectRedirect = ({ statusCode, headers }: Invocation, link: string) =>
    expect([statusCode, headers.location, headers['cache-control']]).toEqual([301, link, 'no-store']);
  function expectNotFoundPage(page: Invocation): void {
    expect(page.statusCode).toBe(404);
    expect(page.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': 'nosniff' });
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toMatch(/^<!doctype html>/i);
  }

  test('GET /{code} answers 301 to the stored link, uncached, and adds exactly 1 per view', async () => {
    const record = await created(uniqueLink('/view?q=1#part'));
    const code = codeOf(record.short_url);
    for (let count = 1; count <= 3; count++) {
      expectRedirect(await invokeShortLink(`/${code}`), record.link);
      await views.ended();
      expect((await looked(code)).view_count).toBe(count);
    }
  });

  test('concurrent views are all counted (the increment is atomic)', async () => {
    const record = await created(uniqueLink());
    const visits = await Promise.all(Array.from({ length: 20 }, () => invokeShortLink(`/${codeOf(record.short_url)}`)));
    expect(visits.map((visit) => visit.statusCode)).toEqual(Array(20).fill(301));
    await views.ended();
    expect((await looked(codeOf(record.short_url))).view_count).toBe(20);
  });

  test('a query string on the short link does not change where it goes', async () => {
    const record = await created(uniqueLink());
    expectRedirect(await invokeShortLink(`/${codeOf(record.short_url)}?utm_source=x`), record.link);
  });

  test('unknown codes and other paths get the 404 HTML page, which tells nothing of the path', async () => {
    for (const path of ['/zZ0zZ0z', '/', '/toolong12', '/a/b', '/abc', '/%3Cscript%3E', '/url/short/create', '/<b>x</b>']) {
      const page = await invokeShortLink(path);
      expectNotFoundPage(page);
      expect(page.body).not.toMatch(/script|toolong|zZ0zZ0z|<b>/);
    }
  });

  test('HEAD answers the same 301 and counts no view, so link checkers see a live link', async () => {
    const record = await created(uniqueLink());
    expectRedirect(await invokeShortLink(`/${codeOf(record.short_url)}`, { method: 'HEAD' }), record.link);
    expect((await invokeShortLink('/zZ0zZ0z', { method: 'HEAD' })).statusCode).toBe(404);
    expect(views.codes).toEqual([]);
    expect((await looked(codeOf(record.short_url))).view_count).toBe(0);
  });

  test('other methods get the 404 page and count no view', async () => {
    const record = await created(uniqueLink());
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      expectNotFoundPage(await invokeShortLink(`/${codeOf(record.short_url)}`, { method }));
    expect(views.codes).toEqual([]);
    expect((await looked(codeOf(record.short_url))).view_count).toBe(0);
  });

  test('the code is case-sensitive: another case is another (unknown) code', async () => {
    // A code of digits only has no other case: another link's code then.
    let code: string;
    do code = codeOf((await created(uniqueLink())).short_url);
    while (!/[A-Za-z]/.test(code));
    const swapped = [...code].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    expect((await invokeShortLink(`/${swapped}`)).statusCode).toBe(404);
    await views.ended();
    expect((await looked(code)).view_count).toBe(0);
  });
});

/**
 * Retirement by groups (docs/api.md, Retirement): each group alone past its sunset (gallery, api,
 * create, links), the short-link host's headers before its sunset, and groups combined, through the
 * functions loaded with the settings.
 */
import { randomUUID } from 'node:crypto';
import type { Route } from '../../infra/template/routes';
import { DEPRECATION, invokerWithEnv, TYPES, typeQuery } from '../support/expect-error';
import { invoke, ROUTES, SHORT_LINK_ROUTES, withKey } from '../support/invoke';
import { expectRetired, httpDate, MIGRATE_LINK, PAST, sampleOf } from '../support/retirement';
import { codeOf } from '../support/short-url-host';

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

const FUTURE = '2099-01-01';

const isGallery = (route: Route) => route.path.startsWith('/gallery');
const isCreate = (route: Route) => route.path === '/url/short/create';
const withType = (target: string, type: string) => withKey(`${target}${target.includes('?') ? '&' : '?'}${type}`);

/** A short link of its own, made through the API as it is by default. */
async function newShortLink(): Promise<{ code: string; link: string }> {
  const link = `https://retirement.test/${randomUUID()}`;
  const made = await invoke(withKey(`/url/short/create?type=json&url=${encodeURIComponent(link)}`), { sourceIp: '198.51.100.7' });
  expect(made.statusCode).toBe(200);
  const code = codeOf(JSON.parse(made.body).shorturls[0].short_url as string);
  return { code, link };
}
const viewsOf = async (code: string): Promise<number> =>
  JSON.parse((await invoke(withKey(`/url/short/${code}?type=json`))).body).shorturls[0].view_count;

describe('each group alone, past its sunset', () => {
  test('gallery: its eight endpoints answer 410 in every type, the rest of the API and the links as usual, without Sunset', async () => {
    const retired = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST });
    expect(ROUTES.filter(isGallery)).toHaveLength(8);
    for (const route of ROUTES) {
      for (const type of TYPES) {
        const answer = await retired(withType(sampleOf(route), typeQuery(type)), { method: route.method === 'ANY' ? 'GET' : route.method });
        if (isGallery(route)) expect(expectRetired(answer, type, `retired on ${PAST}`).sunset).toBe(httpDate(PAST));
        else {
          const where = [route.routeKey, type];
          expect([...where, answer.statusCode === 410, answer.body.includes('retired')]).toEqual([...where, false, false]);
          expect(answer.headers).not.toHaveProperty('sunset');
        }
      }
    }
    const { code, link } = await newShortLink();
    const visit = await invokerWithEnv({ GALLERY_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES })(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
  });

  test('api: every route of the API host answers 410, the catch-all and any method included; the links stay', async () => {
    const retired = invokerWithEnv({ API_SUNSET_DATE: PAST });
    for (const route of ROUTES) {
      for (const type of TYPES) expectRetired(await retired(withType(sampleOf(route), typeQuery(type))), type, `retired on ${PAST}`);
    }
    expectRetired(await retired(withKey('/containers?type=json'), { method: 'POST' }), 'json', `retired on ${PAST}`);
    expectRetired(await retired(withKey('/nope/%FF?type=json')), 'json', `retired on ${PAST}`);
    const { code, link } = await newShortLink();
    const before = await viewsOf(code);
    const visit = await invokerWithEnv({ API_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES })(`/${code}`);
    expect([visit.statusCode, visit.headers.location]).toEqual([301, link]);
    expect(visit.headers).not.toHaveProperty('sunset');
    expect(await viewsOf(code)).toBe(before + 1);
  });

  test('create: /url/short/create answers 410, looking a short URL up as usual', async () => {
    const { code } = await newShortLink();
    const retired = invokerWithEnv({ CREATE_SUNSET_DATE: PAST });
    for (const route of ROUTES) {
      const answer = await retired(withType(sampleOf(route), 'type=json'));
      if (isCreate(route)) expectRetired(answer, 'json', `retired on ${PAST}`);
      else expect([route.routeKey, answer.statusCode === 410, answer.headers.sunset]).toEqual([route.routeKey, false, undefined]);
    }
    const lookup = await retired(withKey(`/url/short/${code}?type=json`));
    expect(lookup.statusCode).toBe(200);
  });

  test('links: every path of the short-link host answers the 410 page, GET and HEAD, counting no view; the API as usual', async () => {
    const { code } = await newShortLink();
    const before = await viewsOf(code);
    const retired = invokerWithEnv({ LINKS_SUNSET_DATE: PAST }, { routes: SHORT_LINK_ROUTES });
    for (const [target, method] of [
      [`/${code}`, 'GET'],
      [`/${code}`, 'HEAD'],
      ['/Nope123', 'GET'],
      ['/not/a/code', 'GET'],
      [`/${code}`, 'POST'],
    ] as const) {
      const page = await retired(target, { method });
      expect([target, method, page.statusCode, page.headers.location]).toEqual([target, method, 410, undefined]);
      const headers = {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        deprecation: DEPRECATION,
        sunset: httpDate(PAST),
      };
      expect(page.headers).toMatchObject(headers);
      expect(page.body).toContain('<title>Gone</title>');
      expect(page.body).toContain(`(retired on ${PAST})`);
    }
    expect(await viewsOf(code)).toBe(before);
    const api = invokerWithEnv({ LINKS_SUNSET_DATE: PAST });
    expect((await api(withKey(`/url/short/${code}?type=json`))).statusCode).toBe(200);
    expect((await api(withKey('/errors?type=json'))).headers).not.toHaveProperty('sunset');
  });
});

describe('links before its sunset', () => {
  test('every answer of the short-link host carries Sunset with its date, Deprecation and Link: its 301 (GET and HEAD) and its 404 page; the API host no Sunset', async () => {
    const env = { LINKS_SUNSET_DATE: '2099-09-30', DEPRECATION_LINK: 'https://docs.new-api.test/migrate' };
    const { code, link } = await newShortLink();
    const before = await viewsOf(code);
    const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
    const answers = [
      [301, await links(`/${code}`)],
      [301, await links(`/${code}`, { method: 'HEAD' })],
      [404, await links('/Nope123')],
      [404, await links('/not/a/code')],
    ] as const;
    for (const [status, answer] of answers) {
      expect(answer.statusCode).toBe(status);
      expect(answer.headers.location).toBe(status === 301 ? link : undefined);
      expect(answer.headers).toMatchObject({ sunset: 'Wed, 30 Sep 2099 00:00:00 GMT', deprecation: DEPRECATION, link: MIGRATE_LINK });
      expect(answer.headers.sunset).toBe(httpDate('2099-09-30'));
    }
    expect(answers[2][1].headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answers[2][1].body).toContain('<title>Not found</title>');
    expect(await viewsOf(code)).toBe(before + 1);
    const api = await invokerWithEnv(env)(withKey('/errors?type=json'));
    expect(api.statusCode).toBe(200);
    expect(api.headers).not.toHaveProperty('sunset');
    expect(api.headers.link).toBe(MIGRATE_LINK);
  });
});

describe('groups combined', () => {
  test('before their sunsets, a path carries the earliest of its groups’ dates, and no other path any', async () => {
    const env = { GALLERY_SUNSET_DATE: '2099-06-30', API_SUNSET_DATE: '2099-12-31', CREATE_SUNSET_DATE: '2099-03-01' };
    const scheduled = invokerWithEnv(env);
    expect((await scheduled(withKey('/galleryphotos?type=json&count=0'))).headers.sunset).toBe('Tue, 30 Jun 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/errors?type=json'))).headers.sunset).toBe('Thu, 31 Dec 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/no-such-path?type=json'))).headers.sunset).toBe('Thu, 31 Dec 2099 00:00:00 GMT');
    expect((await scheduled(withKey('/url/short/create?type=json'))).headers.sunset).toBe('Sun, 01 Mar 2099 00:00:00 GMT');
    const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
    expect((await links('/Nope123')).headers).not.toHaveProperty('sunset');
  });

  test('a gallery endpoint retires with the earlier of the gallery’s and the API’s sunsets, and names it', async () => {
    const both = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, API_SUNSET_DATE: '2019-06-01' });
    const headers = expectRetired(await both(withKey('/galleryphotos?type=json')), 'json', 'retired on 2019-06-01');
    expect(headers.sunset).toBe(httpDate('2019-06-01'));
    const galleryFirst = invokerWithEnv({ GALLERY_SUNSET_DATE: PAST, API_SUNSET_DATE: FUTURE });
    expectRetired(await galleryFirst(withKey('/galleryphoto/1?type=xml')), 'xml', `retired on ${PAST}`);
    expect((await galleryFirst(withKey('/errors?type=json'))).statusCode).toBe(200);
  });

  test('in the API’s brownout, a gallery endpoint names its own coming sunset, the rest says until when', async () => {
    const now = Date.now();
    const brownout = `${new Date(now - 60_000).toISOString().slice(0, 19)}Z/PT1H`;
    const end = `${new Date(now - 60_000 + 3_600_000).toISOString().slice(0, 19)}Z`;
    const browned = invokerWithEnv({ API_BROWNOUTS: brownout, GALLERY_SUNSET_DATE: FUTURE });
    expectRetired(await browned(withKey('/galleryphotos?type=json')), 'json', `retiring on ${FUTURE}`);
    expectRetired(await browned(withKey('/containers?type=json')), 'json', `brownout until ${end}`);
  });
});

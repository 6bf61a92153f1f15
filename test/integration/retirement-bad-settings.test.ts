/**
 * A bad retirement setting stops the start (docs/api.md, Retirement): every function of the template
 * refuses to load, naming the setting, rather than answer with a schedule it cannot read.
 */
import { handlerOf } from '../../infra/local/invoke';
import { ConfigError } from '../../lib/api-error';
import { ROUTES, SHORT_LINK_ROUTES } from '../support/invoke';
import { loadAfresh } from '../support/load-afresh';

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

describe('a bad setting stops the start', () => {
  const functions = [...new Map([...ROUTES, ...SHORT_LINK_ROUTES].map((route) => [route.fn.id, route.fn])).values()];

  test.each([
    ['GALLERY_SUNSET_DATE', '2027-02-30'],
    ['API_SUNSET_DATE', 'next year'],
    ['CREATE_BROWNOUTS', '2027-05-01T14:00:00Z/PT0S'],
    ['LINKS_BROWNOUTS', '2027-05-01T15:00:00Z/2027-05-01T14:00:00Z'],
    // Past 9999-12-31T23:59:59Z: these loaded, then every request answered 500 formatting the end.
    ['API_BROWNOUTS', '2020-01-01T00:00:00Z/P99999999W'],
    ['LINKS_BROWNOUTS', '2020-01-01T00:00:00Z/PT99999999999999999999999S'],
  ])('%s=%s: every function refuses to load, naming it', async (variable, value) => {
    for (const fn of functions) {
      // Loaded in a registry of its own, the function throws that registry's ConfigError: told by its name.
      await expect(loadAfresh({ [variable]: value }, () => handlerOf(fn))).rejects.toMatchObject({
        name: ConfigError.name,
        message: expect.stringMatching(new RegExp(`^${variable} must be `)),
      });
    }
  });
});

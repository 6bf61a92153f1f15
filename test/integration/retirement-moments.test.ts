/**
 * Brownouts and sunsets to the millisecond (docs/api.md, Retirement): the gallery and the short-link
 * host retire from the first millisecond of a window or sunset and answer as usual from the first
 * after a window, on the functions' clock the test holds.
 */
import { expectError, invokerWithEnv } from '../support/expect-error';
import { SHORT_LINK_ROUTES, withKey } from '../support/invoke';
import { expectRetired } from '../support/retirement';

// Functions loaded afresh, more than once a test: past jest's 5 s on a busy machine (no rule of time is timed).
jest.setTimeout(60_000);

describe('brownouts and sunsets to the millisecond', () => {
  const env = {
    GALLERY_SUNSET_DATE: '2027-06-30T12:00:00Z',
    GALLERY_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H,2027-05-02T00:00:00Z/2027-05-02T00:00:01Z',
    LINKS_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H',
  };
  const gallery = invokerWithEnv(env);
  const links = invokerWithEnv(env, { routes: SHORT_LINK_ROUTES });
  let clock: jest.SpyInstance | undefined;
  afterEach(() => clock?.mockRestore());

  test.each([
    ['2027-05-01T13:59:59.999Z', undefined],
    ['2027-05-01T14:00:00.000Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T14:59:59.999Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-01T15:00:00.000Z', undefined],
    ['2027-05-02T00:00:00.000Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:00.999Z', 'retiring on 2027-06-30T12:00:00Z'],
    ['2027-05-02T00:00:01.000Z', undefined],
    ['2027-06-30T11:59:59.999Z', undefined],
    ['2027-06-30T12:00:00.000Z', 'retired on 2027-06-30T12:00:00Z'],
  ])('at %s the gallery answers %s', async (moment, why) => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(moment));
    // count=0 is refused (1006) without a database read when the gallery answers as usual.
    const answer = await gallery(withKey('/galleryphotos?type=json&count=0'));
    if (why === undefined) expectError(answer, 'json', 1006, 403);
    else expectRetired(answer, 'json', why);
    expect(answer.headers.sunset).toBe('Wed, 30 Jun 2027 12:00:00 GMT');
    expect((await gallery(withKey('/errors?type=json'))).statusCode).toBe(200);
  });

  test.each([
    ['2027-05-01T13:59:59.999Z', 404],
    ['2027-05-01T14:00:00.000Z', 410],
    ['2027-05-01T14:59:59.999Z', 410],
    ['2027-05-01T15:00:00.000Z', 404],
  ])('at %s the short-link host answers %i', async (moment, status) => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(moment));
    const page = await links('/not/a/code');
    expect(page.statusCode).toBe(status);
    if (status === 410) expect(page.body).toContain('(brownout until 2027-05-01T15:00:00Z)');
  });
});

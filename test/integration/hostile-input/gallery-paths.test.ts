/**
 * Hostile gallery paths (docs/api.md, Endpoints and The gallery's arguments): hostile ids and id
 * lists are 1026, long lists 1007, unknown ids 404, anything else the listing the rules select; and
 * every gallery argument and path id in every hostile spelling, on every gallery route and type.
 */
import fc from 'fast-check';
import { SORT_VALUES } from '../../support/gallery-order';
import { answered, forgetAnswers } from '../../support/hostile-input/check';
import { assertHostileRequests, checkRequest, type PendingPhp, TIMEOUT, verifyPhp } from '../../support/hostile-input/check';
import { galleryPathWire, ID_SPELLINGS, INTEGER_SPELLINGS, LONG_INTEGERS, SORT_SPELLINGS } from '../../support/hostile-input/gallery-wire';
import type { WireRequest } from '../../support/hostile-input/requests';
import { ABSENT_PHOTO, absentIds, GALLERY_PATHS, P1, P2, useGallerySeeds } from '../../support/hostile-input/seeds';
import { GALLERY_ARGUMENTS } from '../../support/hostile-input/rules';
import { longWire } from '../../support/hostile-input/strings';
import { KEY_ARGUMENT, optional, requests, TYPE_CHOICES, VALID_TYPES, validCallback } from '../../support/hostile-input/wire';

jest.setTimeout(TIMEOUT);

useGallerySeeds();

/** A gallery path past the listings: one that names an id or a list of them. */
const namesIds = (path: string) => path.split('/').length > 2 && path !== '/galleryphotos/comments';

it('gallery paths: hostile ids and id lists are 1026, long lists 1007, unknown ids 404, anything else the listing', async () => {
  const longPath = fc.tuple(fc.constantFrom('/galleryphotos/', '/galleryphoto/'), longWire).map(([prefix, long]) => prefix + long);
  const arb = requests({
    method: fc.constant('GET'),
    path: fc.oneof({ weight: 6, arbitrary: galleryPathWire.filter(namesIds) }, { weight: 1, arbitrary: longPath }),
    args: [
      fc.constant(KEY_ARGUMENT),
      optional(fc.constantFrom(...VALID_TYPES).map((type) => `type=${type}`)),
      validCallback.map((callback) => `callback=${callback}`),
      optional(fc.constantFrom(...SORT_VALUES).map((sort) => `sort=${sort}`)),
      optional(fc.integer({ min: 1, max: 100 }).map((count) => `count=${count}`)),
      optional(fc.nat(4).map((offset) => `offset=${offset}`)),
    ],
  });
  forgetAnswers();
  // Each route once, plainly, on the seeded records: whatever the draw below, every endpoint's
  // listing is checked with entries at least once (350 draws once gave a photo's comments none).
  const pendingPhp: PendingPhp[] = [];
  for (const path of GALLERY_PATHS.filter(namesIds)) await checkRequest({ method: 'GET', path, query: [KEY_ARGUMENT] }, pendingPhp);
  await verifyPhp(pendingPhp);
  await assertHostileRequests(arb, 350);
  for (const [what, least] of Object.entries({ 'gallery:1026': 30, 'gallery:1007': 3, 'gallery:404': 5, 'gallery:entries': 25 }))
    expect([what, answered(what) > least]).toEqual([what, true]);
  for (const endpoint of ['photosByIds', 'photo', 'photosComments', 'photoComments', 'comment', 'replies'])
    expect([endpoint, answered(`${endpoint}:entries`) > 0]).toEqual([endpoint, true]);
});

it('every gallery argument and every path id, spelled every hostile way, on every gallery route and type', async () => {
  const pendingPhp: PendingPhp[] = [];
  let n = 0;
  const base = (): string[] => {
    const type = TYPE_CHOICES[n++ % TYPE_CHOICES.length];
    return [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb'];
  };
  const requestsOf: WireRequest[] = [];
  // Every spelling in every argument, on the routes in turn (they share the arguments' code).
  GALLERY_ARGUMENTS.forEach((name, a) => {
    const values = [...INTEGER_SPELLINGS, ...LONG_INTEGERS, ...(name === 'sort' ? [...SORT_SPELLINGS, ...SORT_VALUES] : [])];
    values.forEach((value, v) => {
      requestsOf.push({ method: 'GET', path: GALLERY_PATHS[(a + v) % GALLERY_PATHS.length]!, query: [...base(), `${name}=${value}`] });
    });
  });
  for (const path of GALLERY_PATHS) {
    for (const name of GALLERY_ARGUMENTS) {
      requestsOf.push(
        { method: 'GET', path, query: [...base(), name] },
        { method: 'GET', path, query: [...base(), `${name}=1`, `${name}=x`] },
      );
    }
    // Each id of the path in every spelling.
    for (const m of path.matchAll(/[0-9]{16}/g)) {
      const id = m[0];
      const spellings = [...INTEGER_SPELLINGS.filter((s) => s !== ''), ...LONG_INTEGERS, ...ID_SPELLINGS.map((spell) => spell(id))];
      for (const spelling of spellings)
        requestsOf.push({ method: 'GET', path: path.slice(0, m.index) + spelling + path.slice(m.index + id.length), query: base() });
    }
  }
  const lists = [
    `${P1.id},,${P2.id}`,
    `${P1.id},`,
    `,${P1.id}`,
    ',',
    `${P1.id}%2C${P2.id}`,
    absentIds(100).join(','),
    absentIds(101).join(','),
    [...absentIds(100), P1.id, P1.id, P1.id].join(','),
    Array(150).fill(P1.id).join(','),
    '1,'.repeat(5_000),
    `${'1,'.repeat(4_999)}1`,
    `${absentIds(101).join(',')},x`,
    `${ABSENT_PHOTO},${P1.id}`,
  ];
  for (const list of lists) {
    requestsOf.push(
      { method: 'GET', path: `/galleryphotos/${list}`, query: base() },
      { method: 'GET', path: `/galleryphotos/${list}/comments`, query: base() },
    );
  }
  forgetAnswers();
  for (const request of requestsOf) await checkRequest(request, pendingPhp);
  await verifyPhp(pendingPhp);
  for (const code of [1006, 1007, 1017, 1026, 404]) expect([code, answered(`gallery:${code}`) > 5]).toEqual([code, true]);
  expect(answered('gallery:entries')).toBeGreaterThan(60);
});

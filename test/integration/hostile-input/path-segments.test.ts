/**
 * Hostile path segments in an otherwise valid request: a code, a container, a photo or comment id
 * spelled with hostile bytes finds nothing but what it names (the oracle of
 * test/support/hostile-input/oracle.ts; the checks of test/support/hostile-input/check.ts).
 */
import fc from 'fast-check';
import { assertHostileRequests, TIMEOUT } from '../../support/hostile-input/check';
import { useGallerySeeds } from '../../support/hostile-input/seeds';
import { argument, KEY_ARGUMENT, optional, requests, segmentWire, VALID_TYPES, validCallback } from '../../support/hostile-input/wire';

useGallerySeeds();

test(
  'hostile input in path segments: hostile path segments, with an otherwise valid request, find nothing but what they name',
  async () => {
    const arb = requests({
      method: fc.constant('GET'),
      path: fc.oneof(
        { weight: 3, arbitrary: segmentWire.map((s) => `/error/${s}`) },
        { weight: 3, arbitrary: segmentWire.map((s) => `/container/${s}`) },
        segmentWire.map((s) => `/${s}`),
        segmentWire.map((s) => `/errors/${s}`),
        fc.tuple(segmentWire, segmentWire).map(([a, b]) => `/container/${a}/${b}`),
        segmentWire.map((s) => `/galleryphoto/${s}`),
        segmentWire.map((s) => `/galleryphotos/${s}`),
        fc.tuple(segmentWire, segmentWire).map(([a, b]) => `/galleryphoto/${a}/comment/${b}`),
      ),
      args: [
        fc.constant(KEY_ARGUMENT),
        optional(argument(fc.constant('type'), fc.constantFrom(...VALID_TYPES))),
        argument(fc.constant('callback'), validCallback),
      ],
    });
    await assertHostileRequests(arb, 200);
  },
  TIMEOUT,
);

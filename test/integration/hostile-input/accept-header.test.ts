/**
 * The Accept header, well-formed or hostile, when no type argument is given: it picks the type
 * docs/api.md says (Arguments every endpoint takes: `type`), and a hostile one still gets a
 * parseable catalogue answer that tells back nothing of it (test/support/hostile-input/check.ts).
 */
import fc from 'fast-check';
import { assertHostileRequests, TIMEOUT } from '../../support/hostile-input/check';
import { useGallerySeeds } from '../../support/hostile-input/seeds';
import { hostileWire } from '../../support/hostile-input/strings';
import {
  appkeyArgument,
  argument,
  callbackWire,
  hostileAccept,
  nameWire,
  optional,
  requests,
  wellFormedAccept,
} from '../../support/hostile-input/wire';

jest.setTimeout(TIMEOUT);
const asAccept = (accept: string) => ({ accept });

useGallerySeeds();

it('hostile input in the Accept header, no type argument: the Accept header, well-formed or hostile, picks the type', async () => {
  const arb = requests({
    args: [appkeyArgument, optional(argument(fc.constant('callback'), callbackWire))],
    extra: argument(nameWire, hostileWire),
    maxExtra: 1,
    accept: fc.oneof(wellFormedAccept, hostileAccept.map(asAccept)),
  });
  await assertHostileRequests(arb, 200);
});

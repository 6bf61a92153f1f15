/**
 * lib/db/no-event-streams.ts stands in for @smithy/core/event-streams in the DynamoDB bundles.
 * It has the names the SDK takes from the real module, and fails loudly if one is ever used.
 */
import * as real from '@smithy/core/event-streams';
import * as standIn from '../../lib/db/no-event-streams';

test('it has the names the SDK imports from the real module, which has them too', () => {
  for (const module of [real, standIn])
    expect([typeof module.EventStreamSerde, typeof module.eventStreamSerdeProvider]).toEqual(['function', 'function']);
});

test('using it throws an error that says why, instead of streaming nothing', () => {
  expect(() => new standIn.EventStreamSerde()).toThrow(/Event streams are not bundled/);
  expect(() => standIn.eventStreamSerdeProvider()).toThrow(/Event streams are not bundled/);
});

/**
 * lib/db/no-event-streams.ts stands in for @smithy/core/event-streams in the DynamoDB bundles.
 * It has the names the SDK takes from the real module, and fails loudly if one is ever used.
 */
import * as real from '@smithy/core/event-streams';
import * as standIn from '../../lib/db/no-event-streams';

test('it has the names the SDK imports from the real module, which has them too', () => {
  expect(typeof real.EventStreamSerde).toBe('function');
  expect(typeof real.eventStreamSerdeProvider).toBe('function');
  expect(typeof standIn.EventStreamSerde).toBe('function');
  expect(typeof standIn.eventStreamSerdeProvider).toBe('function');
});

test('using it throws an error that says why, instead of streaming nothing', () => {
  expect(() => new standIn.EventStreamSerde()).toThrow(/Event streams are not bundled/);
  expect(() => standIn.eventStreamSerdeProvider()).toThrow(/Event streams are not bundled/);
});

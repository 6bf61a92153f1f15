/**
 * Stands in for `@aws-sdk/core`'s event-stream support, `@smithy/core/event-streams`, in the
 * bundles (template.yaml's BuildProperties `Alias`): the SDK loads it only for an operation that
 * streams events, and DynamoDB has none, so it can never run here. Should a future operation
 * stream events, it fails loudly instead of silently.
 */
const unavailable = (): never => {
  throw new Error('Event streams are not bundled: no DynamoDB operation uses them (lib/db/no-event-streams.ts).');
};

export class EventStreamSerde {
  constructor() {
    unavailable();
  }
}

export const eventStreamSerdeProvider = unavailable;

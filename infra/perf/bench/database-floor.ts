/**
 * The DynamoDB functions' floor: the doc-client-only handler (./doc-client.ts) inside the
 * required parts (./required-parts.ts). What a DynamoDB function adds above it is the
 * project's own code and its renderers.
 */
import { handler as docClientHandler } from './doc-client';
import { withRequiredParts } from './required-parts';

export const handler = withRequiredParts(docClientHandler);

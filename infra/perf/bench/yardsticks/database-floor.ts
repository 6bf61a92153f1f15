/**
 * The DynamoDB functions' floor: the document-client handler (./doc-client.ts) inside the
 * required parts (./required-parts.ts). What a DynamoDB function adds above it is the
 * project's own code and its renderers. The bench's bare UpdateItem and Query run on this
 * bundle's client too (`addOne`, `queryOne`): the functions' client, with nothing of the project.
 */
import { handler as docClientHandler } from './doc-client';
import { withRequiredParts } from './required-parts';

export { addOne, queryOne } from './doc-client';

export const handler = withRequiredParts(docClientHandler);

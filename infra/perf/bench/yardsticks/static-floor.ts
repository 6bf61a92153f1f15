/**
 * The static functions' floor: the required parts (./required-parts.ts) and the XML library,
 * fast-xml-parser's XMLBuilder, writing a one-error document with the baseline's headers
 * (./baseline.ts). A static function's bundle and cold start cannot go below this one's
 * without dropping a library the design requires.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { HEADERS } from './baseline';
import { withRequiredParts } from './required-parts';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true });

export const handler = withRequiredParts(async () => ({
  statusCode: 200,
  headers: HEADERS,
  body: builder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    errors: { '@timestamp': '0', error: [{ '@code': '1001', '@message': 'Invalid application key' }] },
  }),
}));

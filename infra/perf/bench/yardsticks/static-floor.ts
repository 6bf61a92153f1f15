/** The static functions' floor: the required parts and the XML library writing a one-error document with a real answer's headers. */
import { XMLBuilder } from 'fast-xml-parser';
import { withRequiredParts } from './required-parts';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', suppressEmptyNode: true });

export const handler = withRequiredParts(async () => ({
  statusCode: 200,
  headers: {
    'Content-Type': 'text/xml; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
    Vary: 'Accept',
    'Cache-Control': 'public, max-age=300',
    Deprecation: '@1767225600',
  },
  body: builder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    errors: { '@timestamp': '0', error: [{ '@code': '1001', '@message': 'Invalid application key' }] },
  }),
}));

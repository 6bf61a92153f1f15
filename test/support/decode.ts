/** Decodes a response body with the real parser its Content-Type names. */
import { parseXml, runScript, unserialize, type XmlElement } from './parsers';

type Decoded =
  | { readonly type: 'xml'; readonly root: XmlElement }
  | { readonly type: 'json'; readonly value: unknown }
  | { readonly type: 'javascript'; readonly calls: unknown[][]; readonly alerts: unknown[] }
  | { readonly type: 'php'; readonly value: unknown; readonly serialized: string | undefined };

export function decode(contentType: string | undefined, body: string, callback = 'callback'): Decoded {
  const mediaType = (contentType ?? '').split(';')[0];
  switch (mediaType) {
    case 'text/xml':
      return { type: 'xml', root: parseXml(body) };
    case 'application/json':
      return { type: 'json', value: JSON.parse(body) };
    case 'text/javascript':
      return { type: 'javascript', ...runScript(body, callback) };
    case 'application/php': {
      const answer = unserialize(body);
      if (answer.error) throw new Error(`PHP could not unserialize: ${body.slice(0, 200)}`);
      return { type: 'php', value: answer.value, serialized: answer.serialized };
    }
    default:
      throw new Error(`unexpected Content-Type ${contentType}`);
  }
}

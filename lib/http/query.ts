import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface QueryArguments {
  /** Every argument by name, first value of a repeated one, decoded as browsers decode forms. */
  readonly values: ReadonlyMap<string, string>;
  /**
   * Arguments whose value held percent-escapes that are not UTF-8: decoding put U+FFFD in their
   * place, so two different values would read the same (docs/api.md, Arguments every endpoint takes).
   */
  readonly notUtf8: ReadonlySet<string>;
}

const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const HEX = /^[0-9A-Fa-f]{2}$/;

/** ASCII without `+` or `%`: text that form decoding leaves as it is (most names and values). */
const VERBATIM = /^[^+%\u0080-\uffff]*$/;
const ASCII = /^[\u0000-\u007f]*$/;

/** The bytes of one name or value of application/x-www-form-urlencoded: `+` a space, `%XX` a byte. */
function formBytes(text: string): Uint8Array {
  const source = Buffer.from(text.replace(/\+/g, ' '), 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const hex = source.toString('latin1', i + 1, i + 3);
    if (source[i] === 0x25 && HEX.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(source[i]!);
  }
  return Uint8Array.from(bytes);
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** One name or value as forms decode it, and whether its escapes were UTF-8. */
function formText(raw: string): { readonly text: string; readonly utf8: boolean } {
  if (VERBATIM.test(raw)) return { text: raw, utf8: true };
  // decodeURIComponent reads ASCII with well-formed UTF-8 escapes (an app key's `%3A%2F%2F`) the
  // same way, without the byte-by-byte pass and the decoders' first-use cost in a cold start;
  // it throws on a stray `%` or escapes that are not UTF-8, which take that pass.
  if (ASCII.test(raw)) {
    try {
      return { text: decodeURIComponent(raw.replace(/\+/g, ' ')), utf8: true };
    } catch {}
  }
  const bytes = formBytes(raw);
  return { text: lenient.decode(bytes), utf8: isUtf8(bytes) };
}

/**
 * Query arguments by name. Read from the raw query string, because API Gateway joins the values
 * of a repeated argument with commas in `queryStringParameters`; the first value is used.
 */
export function queryArguments(event: Pick<APIGatewayProxyEventV2, 'rawQueryString'>): QueryArguments {
  const values = new Map<string, string>();
  const notUtf8 = new Set<string>();
  for (const pair of (event.rawQueryString ?? '').split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const name = formText(rawName).text;
    if (values.has(name)) continue;
    const value = formText(equals === -1 ? '' : pair.slice(equals + 1));
    values.set(name, value.text);
    if (!value.utf8) notUtf8.add(name);
  }
  return { values, notUtf8 };
}

/** Whether a raw path's percent-escapes are UTF-8 (the short URL of a lookup is a path segment). */
export const isUtf8Path = (rawPath: string): boolean => isUtf8(formBytes(rawPath.replace(/\+/g, '%2B')));

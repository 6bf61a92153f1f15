import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * What a code may be: the service makes codes of 7 base-62 characters, and keeps an imported
 * one as given, 1 to 64 of letters, digits, `_` and `-`, case-sensitive
 * (docs/api.md, Short URLs: Codes). The short-link host and the lookup take both alike.
 */
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** A random base-62 code of 7 characters: 62^7, about 3.5 × 10^12 codes, not derivable from itemid. */
export function randomCode(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const isCode = (text: string): boolean => CODE.test(text);

/**
 * The code a lookup path segment names: the bare code, or the whole short URL on the short
 * host (either scheme). Undefined when it names nothing that can exist.
 */
export function codeOfSegment(segment: string, shortHost: URL): string | undefined {
  if (isCode(segment)) return segment;
  let url: URL;
  try {
    url = new URL(segment);
  } catch {
    return undefined;
  }
  const code = url.pathname.slice(1);
  const onShortHost = url.host === shortHost.host && (url.protocol === 'http:' || url.protocol === 'https:');
  return onShortHost && url.search === '' && url.hash === '' && isCode(code) ? code : undefined;
}

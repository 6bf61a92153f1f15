import type { ResponseType } from '../render';

/** The media types each response type answers to, in the tie-breaking order of docs/api.md (`type`). */
const ACCEPTABLE: ReadonlyArray<readonly [ResponseType, string]> = [
  ['xml', 'text/xml'],
  ['json', 'application/json'],
  ['javascript', 'text/javascript'],
  ['php', 'application/php'],
];

/** Whole headers read without parsing: what curl and most HTTP libraries send, and each type's own media type. */
const WHOLE_HEADERS: ReadonlyMap<string, ResponseType> = new Map([
  ['*/*', 'xml'],
  ...ACCEPTABLE.map(([type, mediaType]) => [mediaType, type] as const),
]);

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseRange(part: string): MediaRange | undefined {
  const [mediaType = '', ...parameters] = part.split(';');
  const match = /^\s*([!#$%&'*+.^_`|~0-9a-z-]+)\/([!#$%&'*+.^_`|~0-9a-z-]+)\s*$/i.exec(mediaType);
  if (!match) return undefined;
  let q = 1;
  for (const parameter of parameters) {
    const qMatch = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
    if (qMatch) q = Math.min(1, Number(qMatch[1]));
  }
  return { type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q };
}

/** How specifically a range names a media type: -1 when it does not match at all. */
function specificity(range: MediaRange, mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  if (range.type === type && range.subtype === subtype) return 2;
  if (range.type === type && range.subtype === '*') return 1;
  if (range.type === '*' && range.subtype === '*') return 0;
  return -1;
}

/**
 * The response type an `Accept` header asks for: the highest q-value among the four media
 * types (each taking the q of its most specific matching range), ties to the earlier type;
 * XML when none is acceptable.
 */
export function typeFromAccept(accept: string | undefined): ResponseType {
  if (!accept) return 'xml';
  const whole = WHOLE_HEADERS.get(accept);
  if (whole !== undefined) return whole;
  const ranges = accept
    .split(',')
    .map(parseRange)
    .filter((range): range is MediaRange => range !== undefined);
  let best: ResponseType = 'xml';
  let bestQ = 0;
  for (const [type, mediaType] of ACCEPTABLE) {
    let q = 0;
    let mostSpecific = -1;
    for (const range of ranges) {
      const s = specificity(range, mediaType);
      if (s > mostSpecific) {
        mostSpecific = s;
        q = range.q;
      }
    }
    if (q > bestQ) {
      best = type;
      bestQ = q;
    }
  }
  return best;
}

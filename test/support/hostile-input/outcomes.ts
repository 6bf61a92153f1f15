/** What the oracle says a hostile request may be answered with: an alert, an error, or a resource. */
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/store';
import type { SortValue } from '../gallery-order';
import type { StoredShortUrl } from './short-urls';
import { type GalleryEndpoint, SAFE_NAME } from './rules';

export type Outcome =
  | { readonly kind: 'alert'; readonly code: 1002 | 1003 }
  /** `details`: the allowed texts after `message: `, null for the bare catalogue message. */
  | { readonly kind: 'error'; readonly code: number; readonly details: ReadonlyArray<string | null> }
  /** `only`: the one code or container short name asked for by path. */
  | { readonly kind: 'errors' | 'containers'; readonly only?: string }
  /** The Short URL list with the one record of `link` (and, when known, its short_url and itemid). */
  | { readonly kind: 'shorturls'; readonly link: string; readonly short_url?: string; readonly itemid?: number }
  | ListingOutcome;

/** A gallery or events wrapper, as the date rules, sort, count and offset select it. */
export interface ListingOutcome {
  readonly kind: 'listing';
  readonly endpoint: GalleryEndpoint;
  readonly args: GalleryArgs;
  readonly ids?: readonly number[];
  readonly id?: number;
  readonly commentId?: number;
  /** Every record the path names, before window and page, when only seeded ids are asked for. */
  readonly candidates?: ReadonlyArray<PhotoRecord | CommentRecord>;
}

export interface GalleryArgs {
  readonly min?: number;
  readonly max?: number;
  readonly sort: SortValue;
  readonly count: number;
  readonly offset: number;
}

export const failure = (code: number, details: ReadonlyArray<string | null> = [null]): Outcome => ({ kind: 'error', code, details });

/** 1001 names the argument when its name cannot carry markup (docs/api.md, Arguments every endpoint takes). */
export function unknownArgument(name: string): Outcome {
  if (!SAFE_NAME.test(name)) return failure(1001, [null]);
  return failure(1001, name.length <= 64 ? [name] : [name, null]);
}

export const found = (stored: StoredShortUrl): Outcome => ({
  kind: 'shorturls',
  link: stored.link,
  short_url: stored.short_url,
  itemid: stored.itemid,
});

/** Integers (docs/api.md, Arguments every endpoint takes): plain decimal in the safe range (and -0 is 0); undefined for anything else. */
export function decimal(raw: string): number | undefined {
  if (!/^-?[0-9]+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value + 0 : undefined;
}

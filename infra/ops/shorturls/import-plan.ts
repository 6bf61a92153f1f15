/**
 * Which lines of a short-link import go in, before anything is written (docs/shorturls.md,
 * Import): a line the file refuses, a code on an earlier line with another link, a live link to
 * a blocked host or taken down on another line (in any spelling: lib/shorturls/link.ts) is
 * refused; a line repeating an earlier one changes nothing; the rest go in grouped by link, in
 * file order, since a link's first line is the record creating it returns.
 */
import { sameLinkOf } from '../../../lib/shorturls/link';
import type { ImportedBlock, ImportedLink } from './records';

/** A line of the file: its number, and what it holds or why it is refused. */
export type NumberedLine = { readonly line: number } & (
  | { readonly link: ImportedLink }
  | { readonly block: ImportedBlock }
  | { readonly refused: string }
);

export interface Refused {
  readonly line: number;
  readonly reason: string;
}

/** The lines that go in, by link in file order; the refused ones; how many repeat an earlier line. */
export interface ImportPlan {
  readonly byLink: Map<string, Array<{ line: number; link: ImportedLink }>>;
  readonly refused: Refused[];
  readonly repeated: number;
}

export async function planLinks(lines: readonly NumberedLine[], blocked?: (link: string) => Promise<boolean>): Promise<ImportPlan> {
  const refused: Refused[] = [];
  // One link's lines, in file order: the first is the record creating the link returns.
  const byLink = new Map<string, Array<{ line: number; link: ImportedLink }>>();
  const codes = new Map<string, { line: number; link: string }>();
  let repeated = 0;
  // The takedown forms of the lines the operator took down: no other spelling of them goes in.
  const takenDownOn = new Map<string, number>();
  for (const entry of lines)
    if ('link' in entry && entry.link.disabled !== undefined && entry.link.disabled.host === undefined)
      if (!takenDownOn.has(sameLinkOf(entry.link.link))) takenDownOn.set(sameLinkOf(entry.link.link), entry.line);
  for (const entry of lines) {
    // A blocked host's line goes in before any link (./importer.ts).
    if ('block' in entry) continue;
    if ('refused' in entry) {
      refused.push({ line: entry.line, reason: entry.refused });
      continue;
    }
    const earlier = codes.get(entry.link.code);
    if (earlier !== undefined && earlier.link !== entry.link.link) {
      refused.push({ line: entry.line, reason: `code ${entry.link.code} is on line ${earlier.line} with another link` });
      continue;
    }
    if (earlier !== undefined) {
      repeated++;
      continue;
    }
    // A line taken down is carried over as it is (an export's); any other must be one a creation could make.
    if (entry.link.disabled === undefined && (await blocked?.(entry.link.link))) {
      refused.push({ line: entry.line, reason: "the link's host is blocked" });
      continue;
    }
    const takenDown = entry.link.disabled === undefined ? takenDownOn.get(sameLinkOf(entry.link.link)) : undefined;
    if (takenDown !== undefined) {
      refused.push({ line: entry.line, reason: `the link is taken down on line ${takenDown}, in this or another spelling` });
      continue;
    }
    codes.set(entry.link.code, { line: entry.line, link: entry.link.link });
    byLink.set(entry.link.link, [...(byLink.get(entry.link.link) ?? []), { line: entry.line, link: entry.link }]);
  }
  return { byLink, refused, repeated };
}

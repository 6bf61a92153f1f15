/**
 * Which lines of a short-link import go in, before anything is written (docs/shorturls.md,
 * Import): a line the file refuses, a code on an earlier line with another link, a live link to
 * a blocked host or taken down on another line (in any spelling: lib/shorturls/link.ts) is
 * refused; a line repeating an earlier one changes nothing; the rest go in grouped by link, in
 * file order, since a link's first line is the record creating it returns, and so do the links
 * asking for one itemid, since the first line asking keeps it.
 */
import { sameLinkOf } from '../../../lib/shorturls/link';
import { keptItemid } from './itemids';
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

/** A line that goes in: its number and its link's record. */
export type PlannedLine = { readonly line: number; readonly link: ImportedLink };

/** The lines that go in, by link in file order; the refused ones; how many repeat an earlier line. */
export interface ImportPlan {
  readonly byLink: Map<string, PlannedLine[]>;
  readonly refused: Refused[];
  readonly repeated: number;
}

export async function planLinks(lines: readonly NumberedLine[], blocked?: (link: string) => Promise<boolean>): Promise<ImportPlan> {
  const refused: Refused[] = [];
  // One link's lines, in file order: the first is the record creating the link returns.
  const byLink = new Map<string, PlannedLine[]>();
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

/**
 * The groups the lines are written in, one after another within a group, in file order: a link's
 * lines, joined with every other link's that asks for one of the same itemids, so that of lines
 * asking for one itemid the first in the file that goes in keeps it, however the groups interleave.
 */
export function writeGroups(byLink: readonly (readonly PlannedLine[])[]): PlannedLine[][] {
  // Each link's lines joined to the first that asked for one of their itemids: a union-find.
  const joinedTo = byLink.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (joinedTo[r] !== r) r = joinedTo[r]!;
    joinedTo[i] = r;
    return r;
  };
  const firstAsking = new Map<number, number>();
  for (const [i, lines] of byLink.entries()) {
    for (const { link } of lines) {
      const itemid = keptItemid(link, 0);
      if (itemid === undefined) continue;
      const earlier = firstAsking.get(itemid);
      if (earlier === undefined) firstAsking.set(itemid, i);
      else joinedTo[root(i)] = root(earlier);
    }
  }
  const groups = new Map<number, PlannedLine[]>();
  for (const [i, lines] of byLink.entries()) {
    const group = groups.get(root(i)) ?? [];
    group.push(...lines);
    groups.set(root(i), group);
  }
  return [...groups.values()].map((group) => group.sort((a, b) => a.line - b.line));
}

/**
 * What an import writes: the checks that need other lines or the table (duplicate ids, the
 * photo and the parent of a comment, cycles), the derived fields (a comment's `level` and
 * `root`), and the changes to the table (./changes.ts): new records, records that differ from
 * what the table holds, and the counts they add to. A record the table already holds as the
 * file gives it is left alone, so that importing a file twice changes nothing the second time.
 */
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/store';
import { recordChanges, type RecordChange } from './changes';
import type { CommentLine, ParsedLine, PhotoLine } from './records';

/** What the plan needs to know of the table (./table.ts asks DynamoDB; the unit tests keep it in memory). */
export interface GalleryLookup {
  photos(ids: readonly number[]): Promise<Map<number, PhotoRecord>>;
  comments(ids: readonly number[]): Promise<Map<number, CommentRecord>>;
}

export interface Refused {
  /** 1-based line number in the file. */
  readonly line: number;
  readonly reason: string;
}

export interface ImportPlan {
  /** The file's accepted records as the table will hold them, photos first, comments in file order. */
  readonly photos: PhotoRecord[];
  readonly comments: CommentRecord[];
  /** What to write, in an order that puts a photo before its comments and a comment before its replies. */
  readonly changes: RecordChange[];
  /** Accepted records that the table already holds as the file gives them. */
  readonly unchanged: number;
  /** Records of the table that are not in the file whose counts the new comments add to. */
  readonly countsOutside: number;
  /** By line number. */
  readonly refused: Refused[];
}

interface Entry<T> {
  readonly line: number;
  /** Undefined when the line was refused. */
  readonly record: T | undefined;
}

type Placement = { readonly ok: true; readonly level: number; readonly root: number } | { readonly ok: false; readonly reason: string };

/** Runs `task` over `inputs`, `width` at a time; answers the results in input order. After a failure no new task starts. */
export async function inPool<I, O>(inputs: readonly I[], width: number, task: (input: I) => Promise<O>): Promise<O[]> {
  const results: O[] = new Array(inputs.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (next < inputs.length && !failed) {
      const index = next++;
      try {
        results[index] = await task(inputs[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, inputs.length) }, worker));
  return results;
}

/** `lines[i]` is line i + 1 of the file; blank lines are left out by the caller (undefined). */
export async function planImport(lines: readonly (ParsedLine | undefined)[], lookup: GalleryLookup): Promise<ImportPlan> {
  const refused = new Map<number, string>();
  const photoEntries = new Map<number, Entry<PhotoLine>>();
  const commentEntries = new Map<number, Entry<CommentLine>>();

  // Each id's first line is the record; a later line with the same id is refused.
  lines.forEach((parsed, index) => {
    if (parsed === undefined) return;
    const line = index + 1;
    const type = parsed.ok ? parsed.record.type : parsed.type;
    const id = parsed.ok ? parsed.record.id : parsed.id;
    if (!parsed.ok) refused.set(line, parsed.reason);
    if (type === undefined || id === undefined) return;
    const entries = (type === 'photo' ? photoEntries : commentEntries) as Map<number, Entry<PhotoLine | CommentLine>>;
    const first = entries.get(id);
    if (first !== undefined) {
      if (parsed.ok) refused.set(line, `${type} ${id} is already on line ${first.line}`);
      return;
    }
    entries.set(id, { line, record: parsed.ok ? parsed.record : undefined });
  });

  const fileComments = [...commentEntries.values()].flatMap((entry) => (entry.record ? [entry.record] : []));
  const filePhotos = [...photoEntries.values()].flatMap((entry) => (entry.record ? [entry.record] : []));

  // What the table holds of the records of the file and of what they refer to.
  const photoIds = new Set([...filePhotos.map((photo) => photo.id), ...fileComments.map((comment) => comment.photo)]);
  const commentIds = new Set([
    ...fileComments.map((comment) => comment.id),
    ...fileComments.flatMap((comment) => (comment.replyto === null ? [] : [comment.replyto])),
  ]);
  const [storedPhotos, storedComments] = await Promise.all([lookup.photos([...photoIds]), lookup.comments([...commentIds])]);

  const placements = new Map<number, Placement>();
  const refusedComment = (id: number): string => `comment ${id}, which it replies to, is refused (line ${commentEntries.get(id)!.line})`;

  /** Why a comment cannot be placed whatever its parent, or undefined. */
  function ownFault(comment: CommentLine): string | undefined {
    const stored = storedComments.get(comment.id);
    if (stored !== undefined && (stored.story !== comment.photo || stored.replyto !== comment.replyto)) {
      const where = stored.replyto === null ? 'as a top-level comment' : `replying to comment ${stored.replyto}`;
      return `comment ${comment.id} is stored under photo ${stored.story} ${where}; the importer does not move comments`;
    }
    const photo = photoEntries.get(comment.photo);
    if (photo !== undefined && photo.record === undefined) return `photo ${comment.photo} is refused (line ${photo.line})`;
    if (photo === undefined && !storedPhotos.has(comment.photo)) return `photo ${comment.photo} is neither in the file nor in the table`;
    return undefined;
  }

  /** Places a comment under a parent that is not in the file (the table's), or at the top. */
  function placeOutside(comment: CommentLine): Placement {
    if (comment.replyto === null) return { ok: true, level: 0, root: comment.id };
    const parent = storedComments.get(comment.replyto);
    if (parent === undefined)
      return { ok: false, reason: `comment ${comment.replyto}, which it replies to, is neither in the file nor in the table` };
    if (parent.story !== comment.photo)
      return {
        ok: false,
        reason: `comment ${comment.replyto}, which it replies to, belongs to photo ${parent.story}, not ${comment.photo}`,
      };
    return { ok: true, level: parent.level + 1, root: parent.root };
  }

  /** Places a comment and the chain of its parents in the file, walking up without recursion. */
  function place(start: number): void {
    const path: number[] = [];
    const onPath = new Set<number>();
    for (let id: number | null = start; id !== null && !placements.has(id); ) {
      if (onPath.has(id)) {
        const cycle = path.slice(path.indexOf(id));
        cycle.forEach((member, index) => {
          const loop = [...cycle.slice(index), ...cycle.slice(0, index), member].join(' → ');
          placements.set(member, { ok: false, reason: `replies form a cycle: ${loop}` });
        });
        break;
      }
      path.push(id);
      onPath.add(id);
      const comment: CommentLine = commentEntries.get(id)!.record!;
      const fault = ownFault(comment);
      const parent = comment.replyto === null ? undefined : commentEntries.get(comment.replyto);
      if (fault !== undefined) placements.set(id, { ok: false, reason: fault });
      else if (parent === undefined) placements.set(id, placeOutside(comment));
      else if (parent.record === undefined) placements.set(id, { ok: false, reason: refusedComment(comment.replyto!) });
      id = placements.has(id) ? null : comment.replyto;
    }
    // Down the path again: each parent is placed by now.
    for (const id of path.reverse()) {
      if (placements.has(id)) continue;
      const comment = commentEntries.get(id)!.record!;
      const parent = commentEntries.get(comment.replyto!)!.record!;
      const above = placements.get(parent.id)!;
      if (!above.ok) placements.set(id, { ok: false, reason: refusedComment(parent.id) });
      else if (parent.photo !== comment.photo)
        placements.set(id, {
          ok: false,
          reason: `comment ${parent.id}, which it replies to, belongs to photo ${parent.photo}, not ${comment.photo}`,
        });
      else placements.set(id, { ok: true, level: above.level + 1, root: above.root });
    }
  }

  for (const comment of fileComments) place(comment.id);

  const accepted: { comment: CommentLine; level: number; root: number }[] = [];
  for (const comment of fileComments) {
    const placement = placements.get(comment.id)!;
    if (placement.ok) accepted.push({ comment, level: placement.level, root: placement.root });
    else refused.set(commentEntries.get(comment.id)!.line, placement.reason);
  }

  return {
    ...recordChanges({ photos: filePhotos, comments: accepted }, { photos: storedPhotos, comments: storedComments }),
    refused: [...refused].map(([line, reason]) => ({ line, reason })).sort((a, b) => a.line - b.line),
  };
}

/**
 * A sample gallery, in the importer's records, made up relative to `now`: digg counts skewed as on
 * the real site, comment threads several levels deep, text in many scripts and hard characters.
 * The same seed gives the same records for any `now` of the same day (UTC), dates moved on.
 */
import type { UserValue } from '../../../lib/resources/gallery';
import { DAY } from '../../../lib/gallery/layout';
import { Random, Zipf } from './random';
import type { CommentLine, ImportRecord, PhotoLine } from '../../ops/gallery/records';
import { HARD_NAMES, sampleComment, sampleTitle, sampleUserName } from './sample-text';

export interface SampleOptions {
  /** Unix time in seconds that the sample ends at; nothing is dated after it. */
  readonly now: number;
  readonly seed?: number;
  readonly photos?: number;
  readonly users?: number;
  /** How many days before `now` the photos spread over. */
  readonly days?: number;
  /** Ids start a little above these (tests keep theirs apart). */
  readonly photoIdBase?: number;
  readonly commentIdBase?: number;
}

/** The sample `npm start` and `npm run seed` load, whole within seconds of the start (docs/local.md). */
export const SAMPLE_DEFAULTS = { seed: 1, photos: 500, users: 150, days: 45, photoIdBase: 1_000_000, commentIdBase: 20_000_000 } as const;

const HOUR = 3_600;
/** Top-level comments on the most dugg photo, at least. */
const CROWD = 20;

/** A comment before its id: `photo` and `parent` are positions among the photos and the comments. */
type Draft = { index: number; photo: number; parent: number | null; date: number; user: number; content: string; up: number; down: number };

/** The sample gallery: photos by date, then comments by date (so every parent precedes its replies). */
export function generateGallery(options: SampleOptions): ImportRecord[] {
  const sinceMidnight = Math.floor(options.now) % DAY;
  // Dates are drawn as of the day's midnight, then moved on by sinceMidnight.
  const now = Math.floor(options.now) - sinceMidnight;
  const seed = options.seed ?? SAMPLE_DEFAULTS.seed;
  const photoCount = options.photos ?? SAMPLE_DEFAULTS.photos;
  const userCount = Math.max(options.users ?? SAMPLE_DEFAULTS.users, HARD_NAMES.length + 1);
  const days = options.days ?? SAMPLE_DEFAULTS.days;
  const random = new Random(seed);

  // Users, with unique names.
  const names = new Set<string>();
  const users = Array.from({ length: userCount }, (_, index) => {
    let name = sampleUserName(index, random);
    for (let suffix = 2; names.has(name); suffix++) name = `${name.replace(/_\d+$/, '')}_${suffix}`;
    names.add(name);
    const icon = random.chance(0.2)
      ? 'https://gallery.example.org/img/user-large/user-default.png'
      : random.chance(0.15)
        ? `https://avatars.example.org/u/${1000 + index}?s=48&d=identicon&r=pg`
        : `https://avatars.example.org/users/${1000 + index}/large.png`;
    return { name, icon, profileviews: Math.min(2_000_000, Math.floor(random.pareto(0.9) * 5) - 5) };
  });
  const posters = new Zipf(userCount, 1.0);
  const commenters = new Zipf(userCount, 0.8);
  const commenterOrder = Array.from({ length: userCount }, (_, index) => index);
  for (let i = userCount - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [commenterOrder[i], commenterOrder[j]] = [commenterOrder[j]!, commenterOrder[i]!];
  }
  const commenter = () => commenterOrder[commenters.sample(random)]!;

  // Photos, spread evenly over the days before `now`, more by day than by night (midnight's day).
  const drafts = Array.from({ length: photoCount }, (_, index) => {
    let date = now - random.int(days * DAY);
    if (date % DAY < 6 * HOUR && random.chance(0.6)) date = now - random.int(days * DAY);
    const [user, title] = [posters.sample(random), sampleTitle(index, random)];
    return { index, date, user, title, digg: Math.min(40_000, Math.floor(random.pareto(1.05))) };
  });
  drafts.sort((a, b) => a.date - b.date || a.index - b.index);

  // Comment threads: more on popular photos; fewer replies at every level; now and then a
  // long back-and-forth between two users, at least once per sample.
  const comments: Draft[] = [];
  const addComment = (photo: number, parent: Draft | null, after: number, user: number, flame = false): Draft | undefined => {
    const date = Math.floor(after + (parent ? 30 + random.exponential(4 * HOUR) : 60 + random.exponential(10 * HOUR)));
    if (date > now) return undefined;
    const up = Math.floor(random.pareto(1.3)) - 1;
    const content = sampleComment(comments.length, flame, random);
    const down = Math.floor(random.float() * (up * 0.3 + 2));
    const draft: Draft = { index: comments.length, photo, parent: parent?.index ?? null, date, user, content, up, down };
    comments.push(draft);
    return draft;
  };
  const thread = (photo: number, parent: Draft, level: number, owner: number) => {
    const replies = random.poisson(0.75 * 0.7 ** level);
    for (let i = 0; i < replies; i++) {
      const reply = addComment(photo, parent, parent.date, random.chance(0.15) ? owner : commenter());
      if (reply) thread(photo, reply, level + 1, owner);
    }
  };
  let flamed = false;
  // The most dugg photo draws a crowd in every sample, however small: a thread of dozens, with
  // pages of comments to turn (a large sample's draws mostly give it as many already).
  const mostDugg = drafts.reduce((best, photo, position) => (photo.digg > drafts[best]!.digg ? position : best), 0);
  drafts.forEach((photo, position) => {
    const drawn = random.poisson(0.3 + 0.05 * photo.digg ** 0.75);
    const topLevel = position === mostDugg ? Math.max(drawn, CROWD) : drawn;
    for (let i = 0; i < topLevel; i++) {
      const top = addComment(position, null, photo.date, commenter());
      if (top) thread(position, top, 1, photo.user);
    }
    const old = photo.date < now - 7 * DAY;
    if (old && (position % 50 === 7 || (!flamed && position >= drafts.length / 2))) {
      flamed = true;
      const [one, other] = [commenter(), commenter()];
      let parent = addComment(position, null, photo.date, one);
      for (let depth = 1, length = random.between(6, 10); parent && depth < length; depth++) {
        parent = addComment(position, parent, parent.date, depth % 2 ? other : one, true) ?? parent;
        if (parent.date > now - HOUR) break;
      }
    }
  });

  // Ids rise with the date, with gaps, as a database's would.
  let nextPhotoId = (options.photoIdBase ?? SAMPLE_DEFAULTS.photoIdBase) + random.int(1_000);
  const photoIds = drafts.map(() => (nextPhotoId += random.between(1, 4)));
  const order = [...comments].sort((a, b) => a.date - b.date || a.index - b.index);
  let nextCommentId = (options.commentIdBase ?? SAMPLE_DEFAULTS.commentIdBase) + random.int(1_000);
  const commentIds = new Map<number, number>();
  for (const draft of order) {
    nextCommentId += random.between(1, 3);
    commentIds.set(draft.index, nextCommentId);
  }

  // Each user registered some time before their first photo.
  const registered = new Map<number, number>();
  for (const { user, date } of drafts)
    if (!registered.has(user)) registered.set(user, Math.max(0, date - HOUR - Math.floor(random.exponential(400 * DAY))));
  const userValue = (index: number): UserValue => {
    const { name, icon, profileviews } = users[index]!;
    return { name, icon, registered: registered.get(index)! + sinceMidnight, profileviews };
  };

  const photos = drafts.map(({ date, title, user, digg }, position): PhotoLine => {
    const id = photoIds[position]!;
    const roll = random.float();
    const href =
      roll < 0.1
        ? `https://gallery.example.org/photo.php?id=${id}&size=large&ref=a%26b`
        : roll < 0.15
          ? `https://gallery.example.org/photo/${id}/${encodeURIComponent([...title].slice(0, 20).join('')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`
          : `https://gallery.example.org/photo/${id}`;
    const src = `https://photos.example.org/thumbs/${id % 100}/${id}.jpg`;
    return { type: 'photo', id, submit_date: date + sinceMidnight, title, user: userValue(user), src, href, digg_count: digg };
  });
  const commentLines = order.map(({ index, photo, parent, date, user, content, up, down }): CommentLine => {
    const [id, replyto] = [commentIds.get(index)!, parent === null ? null : commentIds.get(parent)!];
    const { name } = users[user]!;
    return { type: 'comment', id, photo: photoIds[photo]!, replyto, date: date + sinceMidnight, user: name, content, up, down };
  });
  return [...photos, ...commentLines];
}

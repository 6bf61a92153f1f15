/**
 * A sample gallery, made up relative to a given time: a few thousand photos over the days
 * before it, a few hundred users, digg counts skewed as on the real site (most photos have a
 * handful, a few have hundreds, many tie), comment threads several levels deep, and titles,
 * names and comments in many scripts and with the characters XML, PHP, JSON and Javascript
 * find hard. Deterministic: the same seed and the same `now` give the same records (a seeded
 * sfc32 generator, never Math.random). The records are the importer's (./records.ts), so the
 * sample loads through the same path as any import.
 */
import type { UserValue } from '../../lib/resources';
import type { CommentLine, ImportRecord, PhotoLine } from './records';

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

/**
 * The sample `npm start` and `npm run seed` load: 500 photos by 150 users over 45 days (some 320 in
 * the default 30-day window) and some 470 comments make about 7 500 items with their counters,
 * which `npm start` has whole within seconds of its start (docs/local.md has the figures). Larger
 * galleries are one option away (`npm run seed -- --photos N --days N`).
 */
export const SAMPLE_DEFAULTS = {
  seed: 1,
  photos: 500,
  users: 150,
  days: 45,
  photoIdBase: 1_000_000,
  commentIdBase: 20_000_000,
} as const;

const DAY = 86_400;
const HOUR = 3_600;
/** Top-level comments on the most dugg photo, at least. */
const CROWD = 20;

/** sfc32, seeded through splitmix32: small, fast, and the same on every platform. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = () => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    [this.a, this.b, this.c, this.d] = [splitmix(), splitmix(), splitmix(), splitmix()];
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** In [0, 1). */
  float(): number {
    return this.u32() / 2 ** 32;
  }

  /** In [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** In [low, high]. */
  between(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.float());
  }

  /** Pareto with minimum 1: P(X > x) = x^-alpha. */
  pareto(alpha: number): number {
    return (1 - this.float()) ** (-1 / alpha);
  }

  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.float(); p > limit; p *= this.float()) k++;
    return k;
  }
}

/** Picks index i of n with weight 1 / (i + 1)^s: a few very active users, many occasional ones. */
class Zipf {
  private readonly cumulative: number[] = [];

  constructor(n: number, s: number) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += 1 / (i + 1) ** s;
      this.cumulative.push(sum);
    }
  }

  sample(random: Random): number {
    const target = random.float() * this.cumulative[this.cumulative.length - 1]!;
    let [low, high] = [0, this.cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}

/**
 * Text that breaks careless XML, PHP, JSON or Javascript output, one kind per entry. Every
 * sample holds each of them in a title and in a comment, whatever the seed.
 */
export const HARD_TEXT = {
  ampersand: 'Tom & Jerry & friends',
  angles: '<b>bold</b> <i>not italic</i> 1 < 2 > 0',
  quotes: 'He said "wow", she said \'meh\'',
  entities: 'Fish &amp; chips &lt;3 &#38; &#x26; &nbsp; &bogus;',
  backslashes: 'C:\\Photos\\2008\\new\\ and \\n \\u0041 \\"',
  controls: 'bell\u0001 unit\u001f delete\u007f',
  tabsAndBreaks: 'first line\nsecond\tline\r\nthird',
  separators: 'line\u2028separator, paragraph\u2029separator',
  cdata: 'ends ]]> and <![CDATA[ opens',
  php: 's:5:"hello";O:8:"stdClass":0:{}a:1:{i:0;b:1;}',
  json: '{"title": "nested", "n": [1, 2]}',
  script: '</script><script>alert(1)</script><!-- ${x} `tick`',
  bidi: '\u202eevil\u202c mixed with עברית and English',
  combining: 'e\u0301 vs é, A\u030a vs Å',
  invisible: 'zero\u200bwidth, joiner\u200d, bom\ufeff',
} as const;

/** Text in other scripts, one per entry, each in some title and some comment of every sample. */
export const SCRIPT_TEXT = {
  accents: 'Crème brûlée à la française, Smörgåsbord i Göteborg, Año nuevo en Peñíscola',
  cjk: '富士山の朝焼け、北京的秋天、서울의 밤거리',
  arabic: 'غروب الشمس فوق الخليج',
  hebrew: 'שקיעה בתל אביב',
  cyrillic: 'Зимний Петербург, Київ навесні',
  greek: 'Ηλιοβασίλεμα στη Σαντορίνη',
  devanagari: 'सुबह का ताज महल',
  thai: 'ตลาดน้ำยามเช้า',
  emoji: 'Sakura 🌸🇯🇵 👨‍👩‍👧‍👦 👍🏽 🔥',
} as const;

const SUBJECTS = [
  'Sunset',
  'Morning fog',
  'Old lighthouse',
  'Street market',
  'My cat',
  'Rainy window',
  'Mountain lake',
  'Night train',
  'Autumn leaves',
  'Harbour lights',
  'Desert road',
  'Snowy owl',
  'Abandoned factory',
  'First snow',
  'Tiny frog',
  'Northern lights',
  'Busy crossing',
  'Fishing boats',
  'Sand dunes',
  'Thunderstorm',
  'Red fox',
  'Wedding cake',
  'Vintage camera',
  'Skyline',
];
const PLACES = [
  'over the bay',
  'in Lisbon',
  'at dawn',
  'after the storm',
  'from the 42nd floor',
  'near Reykjavík',
  'in my backyard',
  'on the way to work',
  'at -20°C',
  'in São Paulo',
  'through a drop of water',
  'in Kraków',
  'at 1/4000 s',
  'with a 50mm f/1.4',
];
const OTHER_TITLES = [
  '富士山の朝焼け',
  '北京的秋天',
  '서울의 밤거리',
  '東京タワーと満月',
  '桂林山水甲天下',
  'غروب الشمس في دبي',
  'سوق القاهرة القديم',
  'Зимний Петербург',
  'Белые ночи',
  'Київ навесні',
  'Crème brûlée à la carte',
  'Smörgåsbord i Göteborg',
  'Año nuevo en Peñíscola',
  'Ølbryggeri på Nørrebro',
  'Žluťoučký kůň',
  'Café com pão de queijo',
  'שקיעה בתל אביב',
  'Ηλιοβασίλεμα στη Σαντορίνη',
  '🐱 meets 🐶',
  'Family trip 👨‍👩‍👧‍👦',
  'Sakura season 🌸🇯🇵',
  'Thumbs up 👍🏽',
  '🔥🔥🔥',
];
const EMOJI = ['📷', '🌅', '😍', '🐾', '✨', '🌧️', '🏔️', '❤️'];
const SENTENCES = [
  'Great shot!',
  'Love the colours.',
  'Where was this taken?',
  'This is photoshopped.',
  'Agreed.',
  'First!',
  'lol',
  'Not bad for a phone camera.',
  'Reminds me of my trip in 2006.',
  'The horizon is tilted.',
  'Can I use this as my wallpaper?',
  'Dugg.',
  'Wow, just wow.',
  'What lens did you use?',
  'Beautiful light.',
  'Meh, seen better.',
  'Stunning.',
  '素晴らしい写真ですね！',
  '太美了',
  '멋지다',
  'رائع جدا',
  'Очень красиво!',
  'Magnifique ! Très réussi.',
  'Schöne Aufnahme, Grüße aus München',
  '¡Qué bonito!',
  '👏👏👏',
  '😂🤣',
  '❤️',
  'Ωραία!',
  'Prachtig 👌',
];
const RETORTS = [
  'No, you are wrong.',
  '> you are wrong\nNo, *you* are wrong.',
  'Source?',
  'Whatever.',
  'Read it again.',
  'That is not what I said.',
  'OK, fair point.',
];

const HANDLES = [
  'shutterbug',
  'pixel_pete',
  'nightowl',
  'lens-crafter',
  'f8andbethere',
  'bokehlover',
  'grainy',
  'kodachrome',
  'wideangle',
  'macro_mike',
  'streetsnapper',
  'golden.hour',
  'tripod_tom',
  'isoking',
  'darkroom',
  'polaroid_pat',
  'skyward',
  'raw_not_jpeg',
];
const NAMES = [
  'José',
  'Zoë',
  'Søren',
  'François',
  'Ðorđe',
  'Łukasz',
  'Ольга',
  'Дмитрий',
  '山田太郎',
  '小明',
  '김민준',
  'محمد',
  'ليلى',
  'Αλέξης',
  '🐼 panda',
  '☕coffee',
  'Ana María',
];
/** Names with characters to escape: given to the most active users, so they show up. */
const HARD_NAMES = ['Tom & Jerry', '<admin>', "O'Brien", '"quoted"', 'back\\slash', '&amp;co', 'tab\tname'];

interface Draft {
  readonly index: number;
  readonly photo: number;
  readonly parent: number | null;
  readonly date: number;
  readonly user: number;
  readonly content: string;
  readonly up: number;
  readonly down: number;
}

/** The sample gallery: photos by date, then comments by date (so every parent precedes its replies). */
export function generateGallery(options: SampleOptions): ImportRecord[] {
  const now = Math.floor(options.now);
  const seed = options.seed ?? SAMPLE_DEFAULTS.seed;
  const photoCount = options.photos ?? SAMPLE_DEFAULTS.photos;
  const userCount = Math.max(options.users ?? SAMPLE_DEFAULTS.users, HARD_NAMES.length + 1);
  const days = options.days ?? SAMPLE_DEFAULTS.days;
  const random = new Random(seed);
  const hard = Object.values(HARD_TEXT);
  const scripts = Object.values(SCRIPT_TEXT);

  // Users: unique names, hard ones first (the Zipf choice favours low indexes).
  const names = new Set<string>();
  const users = Array.from({ length: userCount }, (_, index) => {
    let name =
      index < HARD_NAMES.length
        ? HARD_NAMES[index]!
        : random.chance(0.75)
          ? `${random.pick(HANDLES)}${random.chance(0.6) ? random.between(1, 999) : ''}`
          : random.pick(NAMES);
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

  const title = (index: number): string => {
    const english = () => `${random.pick(SUBJECTS)} ${random.pick(PLACES)}${random.chance(0.1) ? ` ${random.pick(EMOJI)}` : ''}`;
    if (index < hard.length) return `${english()} ${hard[index]}`;
    if (index < hard.length + scripts.length) return scripts[index - hard.length]!;
    const roll = random.float();
    if (roll < 0.6) return english();
    if (roll < 0.85) return random.pick(OTHER_TITLES);
    return `${english()} ${random.pick(hard)}`;
  };
  const content = (index: number, flame: boolean): string => {
    if (index < hard.length) return `${random.pick(SENTENCES)} ${hard[index]}`;
    if (index < hard.length + scripts.length) return scripts[index - hard.length]!;
    if (flame) return random.pick(RETORTS);
    const sentences = Array.from({ length: random.between(1, 3) }, () => random.pick(SENTENCES));
    if (random.chance(0.08)) sentences.push(random.pick(hard));
    return sentences.join(' ');
  };

  // Photos, spread evenly over the days before `now`, more by day than by night.
  const drafts = Array.from({ length: photoCount }, (_, index) => {
    let date = now - random.int(days * DAY);
    if (date % DAY < 6 * HOUR && random.chance(0.6)) date = now - random.int(days * DAY);
    return { index, date, user: posters.sample(random), title: title(index), digg: Math.min(40_000, Math.floor(random.pareto(1.05))) };
  });
  drafts.sort((a, b) => a.date - b.date || a.index - b.index);

  // Comment threads: more on popular photos; fewer replies at every level; now and then a
  // long back-and-forth between two users, at least once per sample.
  const comments: Draft[] = [];
  const addComment = (photo: number, parent: Draft | null, after: number, user: number, flame = false): Draft | undefined => {
    const date = Math.floor(after + (parent ? 30 + random.exponential(4 * HOUR) : 60 + random.exponential(10 * HOUR)));
    if (date > now) return undefined;
    const up = Math.floor(random.pareto(1.3)) - 1;
    const draft: Draft = {
      index: comments.length,
      photo,
      parent: parent?.index ?? null,
      date,
      user,
      content: content(comments.length, flame),
      up,
      down: Math.floor(random.float() * (up * 0.3 + 2)),
    };
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
  for (const photo of drafts) {
    if (!registered.has(photo.user)) registered.set(photo.user, Math.max(0, photo.date - HOUR - Math.floor(random.exponential(400 * DAY))));
  }
  const userValue = (index: number): UserValue => {
    const { name, icon, profileviews } = users[index]!;
    return { name, icon, registered: registered.get(index)!, profileviews };
  };

  const photos: PhotoLine[] = drafts.map((draft, position) => {
    const id = photoIds[position]!;
    const roll = random.float();
    const href =
      roll < 0.1
        ? `https://gallery.example.org/photo.php?id=${id}&size=large&ref=a%26b`
        : roll < 0.15
          ? `https://gallery.example.org/photo/${id}/${encodeURIComponent([...draft.title].slice(0, 20).join('')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)}`
          : `https://gallery.example.org/photo/${id}`;
    return {
      type: 'photo',
      id,
      submit_date: draft.date,
      title: draft.title,
      user: userValue(draft.user),
      src: `https://photos.example.org/thumbs/${id % 100}/${id}.jpg`,
      href,
      digg_count: draft.digg,
    };
  });
  const commentLines: CommentLine[] = order.map((draft) => ({
    type: 'comment',
    id: commentIds.get(draft.index)!,
    photo: photoIds[draft.photo]!,
    replyto: draft.parent === null ? null : commentIds.get(draft.parent)!,
    date: draft.date,
    user: users[draft.user]!.name,
    content: draft.content,
    up: draft.up,
    down: draft.down,
  }));
  return [...photos, ...commentLines];
}

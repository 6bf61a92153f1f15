/** The sample gallery's text: its words, in many scripts, the text careless output breaks on, and what is made of them. */
import type { Random } from './random';

/** Text that breaks careless output, one kind per entry: every sample holds each in a title and in a comment. */
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

/** A list written as one text, its entries between bars. */
const words = (text: string): string[] => text.split('|');

const SUBJECTS = words(
  'Sunset|Morning fog|Old lighthouse|Street market|My cat|Rainy window|Mountain lake|Night train|' +
    'Autumn leaves|Harbour lights|Desert road|Snowy owl|Abandoned factory|First snow|Tiny frog|' +
    'Northern lights|Busy crossing|Fishing boats|Sand dunes|Thunderstorm|Red fox|Wedding cake|' +
    'Vintage camera|Skyline',
);
const PLACES = words(
  'over the bay|in Lisbon|at dawn|after the storm|from the 42nd floor|near Reykjavík|in my backyard|' +
    'on the way to work|at -20°C|in São Paulo|through a drop of water|in Kraków|at 1/4000 s|' +
    'with a 50mm f/1.4',
);
const OTHER_TITLES = words(
  '富士山の朝焼け|北京的秋天|서울의 밤거리|東京タワーと満月|桂林山水甲天下|غروب الشمس في دبي|سوق القاهرة القديم|Зимний Петербург|' +
    'Белые ночи|Київ навесні|Crème brûlée à la carte|Smörgåsbord i Göteborg|Año nuevo en Peñíscola|' +
    'Ølbryggeri på Nørrebro|Žluťoučký kůň|Café com pão de queijo|שקיעה בתל אביב|' +
    'Ηλιοβασίλεμα στη Σαντορίνη|🐱 meets 🐶|Family trip 👨‍👩‍👧‍👦|Sakura season 🌸🇯🇵|Thumbs up 👍🏽|🔥🔥🔥',
);
const EMOJI = ['📷', '🌅', '😍', '🐾', '✨', '🌧️', '🏔️', '❤️'];
const SENTENCES = words(
  'Great shot!|Love the colours.|Where was this taken?|This is photoshopped.|Agreed.|First!|lol|' +
    'Not bad for a phone camera.|Reminds me of my trip in 2006.|The horizon is tilted.|' +
    'Can I use this as my wallpaper?|Dugg.|Wow, just wow.|What lens did you use?|Beautiful light.|' +
    'Meh, seen better.|Stunning.|素晴らしい写真ですね！|太美了|멋지다|رائع جدا|Очень красиво!|Magnifique ! Très réussi.|' +
    'Schöne Aufnahme, Grüße aus München|¡Qué bonito!|👏👏👏|😂🤣|❤️|Ωραία!|Prachtig 👌',
);
const RETORTS = words(
  'No, you are wrong.|> you are wrong\nNo, *you* are wrong.|Source?|Whatever.|Read it again.|' + 'That is not what I said.|OK, fair point.',
);

const HANDLES = words(
  'shutterbug|pixel_pete|nightowl|lens-crafter|f8andbethere|bokehlover|grainy|kodachrome|wideangle|' +
    'macro_mike|streetsnapper|golden.hour|tripod_tom|isoking|darkroom|polaroid_pat|skyward|raw_not_jpeg',
);
const NAMES = words(
  'José|Zoë|Søren|François|Ðorđe|Łukasz|Ольга|Дмитрий|山田太郎|小明|김민준|محمد|ليلى|Αλέξης|🐼 panda|☕coffee|' + 'Ana María',
);
/** Names with characters to escape: given to the most active users, so they show up. */
export const HARD_NAMES = ['Tom & Jerry', '<admin>', "O'Brien", '"quoted"', 'back\\slash', '&amp;co', 'tab\tname'];

const hard: string[] = Object.values(HARD_TEXT);
const scripts: string[] = Object.values(SCRIPT_TEXT);

/** A user's name: the hard ones first, for the most active users (the Zipf choice favours low indexes). */
export const sampleUserName = (index: number, random: Random): string =>
  index < HARD_NAMES.length
    ? HARD_NAMES[index]!
    : random.chance(0.75)
      ? `${random.pick(HANDLES)}${random.chance(0.6) ? random.between(1, 999) : ''}`
      : random.pick(NAMES);

/** The text every sample holds, entry `index` of it (`lead()` before a hard one); undefined past them. */
const required = (index: number, lead: () => string): string | undefined =>
  index < hard.length ? `${lead()} ${hard[index]}` : scripts[index - hard.length];

const english = (random: Random) => `${random.pick(SUBJECTS)} ${random.pick(PLACES)}${random.chance(0.1) ? ` ${random.pick(EMOJI)}` : ''}`;

export function sampleTitle(index: number, random: Random): string {
  const set = required(index, () => english(random));
  if (set !== undefined) return set;
  const roll = random.float();
  if (roll < 0.6) return english(random);
  if (roll < 0.85) return random.pick(OTHER_TITLES);
  return `${english(random)} ${random.pick(hard)}`;
}

/** A comment's text; a flame's is a retort. */
export function sampleComment(index: number, flame: boolean, random: Random): string {
  const set = required(index, () => random.pick(SENTENCES));
  if (set !== undefined) return set;
  if (flame) return random.pick(RETORTS);
  const sentences = Array.from({ length: random.between(1, 3) }, () => random.pick(SENTENCES));
  if (random.chance(0.08)) sentences.push(random.pick(hard));
  return sentences.join(' ');
}

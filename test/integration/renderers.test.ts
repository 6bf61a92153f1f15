/**
 * The four renderers read by the real parsers (strict XML, JSON.parse, a JavaScript engine, PHP's
 * unserialize()), held to docs/api.md, Bodies and each resource's declaration, never their own output.
 */
import { config } from '../../lib/config';
import { renderAlert, renderBody as renderWith, RESPONSE_TYPES, type ResponseType } from '../../lib/render';
import { renderPhp } from '../../lib/render/bodies';
import { ContainerListShape, ErrorListShape } from '../../lib/resources/catalogue';
import { ErrorShape, fieldValue, isNested, resource, ScriptErrorShape, ShapeMismatchError } from '../../lib/resources/shape';
import type { Field, Resource, ResourceShape, ScalarField } from '../../lib/resources/shape';
import { EventsShape, GalleryShape } from '../../lib/resources/gallery';
import type { CommentValue, EventsValue, GalleryPhotoValue, GalleryValue } from '../../lib/resources/gallery';
import { ShortUrlListShape } from '../../lib/resources/short-urls';
import { parseXml, runScript, unserializeAll, XML_DECLARATION, type PhpAnswer, type XmlElement } from '../support/parsers';

const renderBody = (type: ResponseType, subject: Resource, callback: string): string =>
  renderWith(type, subject, { callback, phpClassPrefix: 'ServiceAPI' });

type Rec = Record<string, unknown>;
type Bodies = Record<ResponseType, string>;
type TextMap = (text: string) => string;

const CALLBACK = 'cb';
const same: TextMap = (text) => text;

function photo(overrides: Partial<GalleryPhotoValue> = {}): GalleryPhotoValue {
  return {
    id: 4711,
    submit_date: 1_230_000_000,
    comments: 3,
    title: 'Sunset over the bay',
    user: { name: 'kevinrose', icon: 'http://img.example.net/u/kevinrose.png', registered: 1_100_000_000, profileviews: 98_765 },
    src: 'http://img.example.net/p/4711_t.jpg',
    href: 'http://news.example.net/gallery/4711',
    ...overrides,
  };
}

function gallery(overrides: Partial<GalleryValue> = {}): GalleryValue {
  return { timestamp: 1_240_000_000, min_date: 1_237_408_000, total: 2, offset: 0, count: 1, photos: [photo()], ...overrides };
}

function comment(overrides: Partial<CommentValue> = {}): CommentValue {
  return {
    date: 1_230_000_100,
    id: 900,
    story: 4711,
    up: 5,
    down: 1,
    replies: 1,
    replyto: null,
    user: 'alice',
    content: 'Great shot!',
    level: 0,
    root: 900,
    ...overrides,
  };
}

function events(comments: readonly CommentValue[]): EventsValue {
  return { timestamp: 1_240_000_000, min_date: 0, total: comments.length, offset: 0, count: comments.length, comments };
}

type ShortUrlValue = { link: string; short_url: string; itemid: number; view_count: number };
const shortUrls = (shorturls: ShortUrlValue[]): Resource =>
  resource(ShortUrlListShape, { shorturls, timestamp: 1_240_000_000, total: shorturls.length, count: shorturls.length, offset: 0 });

const topLevel = (): CommentValue => comment();
const reply = (): CommentValue =>
  comment({ id: 901, date: 1_230_000_200, replies: 0, replyto: 900, user: 'bob', content: 'Agreed.', level: 1, root: 900 });

function samples(): { readonly name: string; readonly resource: Resource }[] {
  return [
    { name: 'Error', resource: resource(ErrorShape, { code: 1001, message: 'Unrecognized argument: foo' }) },
    {
      name: 'ScriptError',
      resource: resource(ScriptErrorShape, { code: 1002, message: 'A service API request is missing the callback argument.', status: 403 }),
    },
    {
      name: 'ErrorList',
      resource: resource(ErrorListShape, {
        timestamp: 1_240_000_000,
        errors: [
          { code: 403, message: 'Forbidden' },
          { code: 404, message: 'Not found' },
        ],
      }),
    },
    { name: 'ErrorList (empty)', resource: resource(ErrorListShape, { timestamp: 1_240_000_000, errors: [] }) },
    {
      name: 'ContainerList',
      resource: resource(ContainerListShape, {
        timestamp: 1_240_000_000,
        containers: [
          {
            name: 'World & Business',
            short_name: 'world_business',
            topics: [
              { name: 'Political News', short_name: 'politics' },
              { name: 'US Elections 2008', short_name: '2008_us_elections' },
            ],
          },
          { name: 'Offbeat', short_name: 'offbeat', topics: [] },
        ],
      }),
    },
    { name: 'Gallery with max_date', resource: resource(GalleryShape, gallery({ max_date: 1_240_000_000 })) },
    { name: 'Gallery without max_date', resource: resource(GalleryShape, gallery()) },
    { name: 'Events', resource: resource(EventsShape, events([topLevel(), reply()])) },
    {
      name: 'ShortUrlList',
      resource: shortUrls([
        { link: 'http://www.example.com/a?x=1&y=2', short_url: 'http://sho.rt/aB3dE9z', itemid: 17, view_count: 0 },
        { link: 'https://example.org/', short_url: 'http://sho.rt/Zz00001', itemid: 18, view_count: 42 },
      ]),
    },
  ];
}

function renderAll(subject: Resource, callback = CALLBACK): Bodies {
  const bodies = {} as Bodies;
  for (const type of RESPONSE_TYPES) bodies[type] = renderBody(type, subject, callback);
  return bodies;
}

const isScalar = (field: Field): field is ScalarField => !isNested(field);

/** The fields a value carries on the wire: an optional field left undefined is absent everywhere. */
function presentFields(shape: ResourceShape, value: unknown): Field[] {
  return shape.fields.filter((field) => !(isScalar(field) && field.optional === true && fieldValue(value, field) === undefined));
}

/** The JSON/PHP value of a scalar, spelled out from the wire types of docs/api.md, Bodies. */
const wireScalar = (field: ScalarField, raw: unknown, text: TextMap): unknown =>
  field.kind === 'intString' ? String(raw) : field.kind === 'string' ? text(raw as string) : raw;

/**
 * Checks a JSON.parse'd or PHP-unserialized tree against the value and its declaration: property
 * order, wire types, nesting; with `phpPrefix` also the class of every object.
 */
function expectTree(shape: ResourceShape, value: unknown, actual: unknown, phpPrefix?: string, text: TextMap = same): void {
  const tree = actual as Rec;
  const names = presentFields(shape, value).map((field) => field.name);
  expect(Object.keys(tree)).toEqual(phpPrefix === undefined ? names : ['__class', ...names]);
  if (phpPrefix !== undefined) expect(tree.__class).toBe(phpPrefix + shape.phpClass);
  for (const field of presentFields(shape, value)) {
    const raw = fieldValue(value, field);
    const got = tree[field.name];
    if (isScalar(field)) {
      expect(got).toBe(wireScalar(field, raw, text));
      if (field.kind === 'int') expect(Number.isSafeInteger(got)).toBe(true);
    } else if (field.kind === 'list') {
      const items = raw as readonly unknown[];
      expect(Array.isArray(got)).toBe(true);
      expect((got as unknown[]).length).toBe(items.length);
      for (const [index, item] of items.entries()) expectTree(field.of, item, (got as unknown[])[index], phpPrefix, text);
    } else {
      expectTree(field.of, raw, got, phpPrefix, text);
    }
  }
}

/**
 * Checks a parsed XML element against the value and its declaration: attributes (nulls left out),
 * child elements for `element` fields, element text for `text` fields, and repeated child
 * elements for lists, all in declaration order.
 */
function expectXml(shape: ResourceShape, value: unknown, element: XmlElement, text: TextMap = same): void {
  expect(element.name).toBe(shape.element);
  const fields = presentFields(shape, value);
  const attributes = fields.filter(
    (field): field is ScalarField => isScalar(field) && field.xml === 'attribute' && fieldValue(value, field) !== null,
  );
  expect(Object.entries(element.attributes)).toEqual(attributes.map((field) => [field.name, text(String(fieldValue(value, field)))]));

  const textField = fields.find((field) => isScalar(field) && field.xml === 'text');
  expect(element.text).toBe(textField === undefined ? '' : text(fieldValue(value, textField) as string));

  const expectedChildren: { name: string; check: (child: XmlElement) => void }[] = [];
  for (const field of fields) {
    const raw = fieldValue(value, field);
    if (isScalar(field)) {
      if (field.xml !== 'element') continue;
      const leaf = { name: field.name, attributes: {}, children: [], text: text(raw as string) };
      expectedChildren.push({ name: field.name, check: (child) => expect(child).toEqual(leaf) });
    } else {
      const items = field.kind === 'list' ? (raw as readonly unknown[]) : [raw];
      for (const item of items) expectedChildren.push({ name: field.of.element, check: (child) => expectXml(field.of, item, child, text) });
    }
  }
  expect(element.children.map((child) => child.name)).toEqual(expectedChildren.map((child) => child.name));
  for (const [index, expected] of expectedChildren.entries()) expected.check(element.children[index]!);
}

/** Parses an XML body strictly, after checking the declaration every XML body begins with (docs/api.md, Bodies). */
function xmlRoot(body: string): XmlElement {
  expect(body.startsWith(XML_DECLARATION)).toBe(true);
  return parseXml(body);
}

/** A PHP answer must be a successful unserialize whose re-serialization is the body's bytes (and, `exact`, its string). */
function expectPhpFaithful(answer: PhpAnswer | undefined, body: string, exact = true): Rec {
  expect(answer?.error).toBeUndefined();
  expect(answer?.serialized).toBeDefined();
  expect(Buffer.from(answer!.serialized!, 'utf8').equals(Buffer.from(body, 'utf8'))).toBe(true);
  if (exact) expect(answer!.serialized).toBe(body);
  return answer!.value as Rec;
}

function expectScriptCalls(body: string, callback: string, expected: unknown): void {
  expect(body.startsWith(`/**/${callback}(`)).toBe(true);
  expect(body.endsWith(');')).toBe(true);
  const run = runScript(body, callback);
  expect(run.alerts).toEqual([]);
  expect(run.calls).toEqual([[expected]]);
}

describe('every declared resource renders in all four types', () => {
  const cases = samples();
  // Rendered in a hook, not while collecting.
  let bodiesOf: Bodies[] = [];
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    bodiesOf = cases.map((sample) => renderAll(sample.resource));
    answers = unserializeAll(bodiesOf.map((bodies) => bodies.php));
  });

  test('the default PHP class prefix is ServiceAPI', () => {
    expect(config.phpClassPrefix).toBe('ServiceAPI');
  });

  describe.each(cases.map((sample, index) => ({ ...sample, index })))('$name', ({ resource: subject, index }) => {
    test('XML parses strictly and places each field as declared', () => {
      expectXml(subject.shape, subject.value, xmlRoot(bodiesOf[index]!.xml));
    });

    test('JSON has the declared properties, in order, with their wire types', () => {
      expectTree(subject.shape, subject.value, JSON.parse(bodiesOf[index]!.json));
    });

    test('Javascript calls the callback once with the JSON object', () => {
      expectScriptCalls(bodiesOf[index]!.javascript, CALLBACK, JSON.parse(bodiesOf[index]!.json));
    });

    test("PHP unserializes to ServiceAPI classes and equals PHP's own serialize()", () => {
      const value = expectPhpFaithful(answers[index], bodiesOf[index]!.php);
      expectTree(subject.shape, subject.value, value, 'ServiceAPI');
    });
  });

  describe('the rules of docs/api.md, Bodies, spelled out', () => {
    const byName = (name: string) => bodiesOf[cases.findIndex((sample) => sample.name === name)]!;
    const phpOf = (name: string) => answers[cases.findIndex((sample) => sample.name === name)]!.value as Rec;

    // Hand-written from the sample values and docs/api.md, Bodies: order, wire types, placement, escaping.
    const photoJson =
      '{"id":4711,"submit_date":1230000000,"comments":3,"title":"Sunset over the bay","user":{"name":"kevinrose","icon":"http://img.example.net/u/kevinrose.png","registered":1100000000,"profileviews":98765},"src":"http://img.example.net/p/4711_t.jpg","href":"http://news.example.net/gallery/4711"}';
    const comment900 =
      '"date":1230000100,"id":900,"story":4711,"up":5,"down":1,"replies":1,"replyto":null,"user":"alice","content":"Great shot!"';
    const comment901 = '"date":1230000200,"id":901,"story":4711,"up":5,"down":1,"replies":0,"replyto":900,"user":"bob","content":"Agreed."';
    test.each([
      ['Error', '{"code":1001,"message":"Unrecognized argument: foo"}'],
      ['ErrorList', '{"timestamp":1240000000,"errors":[{"code":403,"message":"Forbidden"},{"code":404,"message":"Not found"}]}'],
      [
        'ContainerList',
        '{"timestamp":1240000000,"containers":[{"name":"World & Business","short_name":"world_business","topics":[{"name":"Political News","short_name":"politics"},{"name":"US Elections 2008","short_name":"2008_us_elections"}]},{"name":"Offbeat","short_name":"offbeat","topics":[]}]}',
      ],
      [
        'Gallery with max_date',
        `{"timestamp":1240000000,"min_date":1237408000,"max_date":1240000000,"total":"2","offset":0,"count":1,"photos":[${photoJson}]}`,
      ],
      [
        'Gallery without max_date',
        `{"timestamp":1240000000,"min_date":1237408000,"total":"2","offset":0,"count":1,"photos":[${photoJson}]}`,
      ],
      [
        'Events',
        `{"timestamp":1240000000,"min_date":0,"total":"2","offset":0,"count":2,"comments":[{${comment900},"level":0,"root":900},{${comment901},"level":1,"root":900}]}`,
      ],
      [
        'ShortUrlList',
        '{"shorturls":[{"link":"http://www.example.com/a?x=1&y=2","short_url":"http://sho.rt/aB3dE9z","itemid":17,"view_count":0},{"link":"https://example.org/","short_url":"http://sho.rt/Zz00001","itemid":18,"view_count":42}],"timestamp":1240000000,"total":2,"count":2,"offset":0}',
      ],
    ])('%s: the JSON body, byte for byte', (name, json) => {
      expect(byName(name).json).toBe(json);
    });

    test('total is a string in Gallery and Events PHP too, an integer in ShortUrlList', () => {
      expect(phpOf('Gallery without max_date').total).toBe('2');
      expect(phpOf('Events').total).toBe('2');
      expect(phpOf('ShortUrlList').total).toBe(2);
      expect(byName('Gallery without max_date').php).toContain('s:5:"total";s:1:"2";');
      expect(byName('ShortUrlList').php).toContain('s:5:"total";i:2;');
      expect([phpOf('Gallery without max_date').count, phpOf('ShortUrlList').count]).toEqual([1, 2]);
    });

    test('gallery XML: wrapper attributes, galleryphoto with a title child and a user child with attributes, byte for byte', () => {
      const photoXml =
        '<galleryphoto id="4711" submit_date="1230000000" comments="3" src="http://img.example.net/p/4711_t.jpg" href="http://news.example.net/gallery/4711"><title>Sunset over the bay</title><user name="kevinrose" icon="http://img.example.net/u/kevinrose.png" registered="1100000000" profileviews="98765"/></galleryphoto>';
      expect(byName('Gallery with max_date').xml).toBe(
        `${XML_DECLARATION}<gallery timestamp="1240000000" min_date="1237408000" max_date="1240000000" total="2" offset="0" count="1">${photoXml}</gallery>`,
      );
      expect(byName('Gallery without max_date').xml).toBe(
        `${XML_DECLARATION}<gallery timestamp="1240000000" min_date="1237408000" total="2" offset="0" count="1">${photoXml}</gallery>`,
      );
    });

    test.each([
      ['Error', '<error code="1001" message="Unrecognized argument: foo"/>'],
      [
        'ErrorList',
        '<errors timestamp="1240000000"><error code="403" message="Forbidden"/><error code="404" message="Not found"/></errors>',
      ],
      ['ErrorList (empty)', '<errors timestamp="1240000000"/>'],
      [
        'ContainerList',
        '<containers timestamp="1240000000"><container name="World &amp; Business" short_name="world_business"><topic name="Political News" short_name="politics"/><topic name="US Elections 2008" short_name="2008_us_elections"/></container><container name="Offbeat" short_name="offbeat"/></containers>',
      ],
      [
        'ShortUrlList',
        '<shorturls timestamp="1240000000" total="2" count="2" offset="0"><shorturl link="http://www.example.com/a?x=1&amp;y=2" short_url="http://sho.rt/aB3dE9z" itemid="17" view_count="0"/><shorturl link="https://example.org/" short_url="http://sho.rt/Zz00001" itemid="18" view_count="42"/></shorturls>',
      ],
      // content is element text; a null replyto leaves the attribute out.
      [
        'Events',
        '<events timestamp="1240000000" min_date="0" total="2" offset="0" count="2"><comment date="1230000100" id="900" story="4711" up="5" down="1" replies="1" user="alice" level="0" root="900">Great shot!</comment><comment date="1230000200" id="901" story="4711" up="5" down="1" replies="0" replyto="900" user="bob" level="1" root="900">Agreed.</comment></events>',
      ],
    ])('%s: lists are repeated child elements, the XML body byte for byte', (name, xml) => {
      expect(byName(name).xml).toBe(`${XML_DECLARATION}${xml}`);
    });

    test('a null replyto is N in PHP', () => {
      expect(byName('Events').php).toContain('s:7:"replyto";N;');
      expect((phpOf('Events').comments as Rec[]).map((one) => one.replyto)).toEqual([null, 900]);
    });

    test('PHP class names are those of the resources table', () => {
      // `{}`: an entry whose class the tests above check.
      expect(phpOf('ErrorList')).toMatchObject({ __class: 'ServiceAPIErrors', errors: [{ __class: 'ServiceAPIError' }, {}] });
      const container = { __class: 'ServiceAPIContainer', topics: [{ __class: 'ServiceAPITopic' }, {}] };
      expect(phpOf('ContainerList')).toMatchObject({ __class: 'ServiceAPIContainers', containers: [container, {}] });
      const galleryPhoto = { __class: 'ServiceAPIGalleryPhoto', user: { __class: 'ServiceAPIUser' } };
      expect(phpOf('Gallery with max_date')).toMatchObject({ __class: 'ServiceAPIGallery', photos: [galleryPhoto] });
      expect(phpOf('Events')).toMatchObject({ __class: 'ServiceAPIEvents', comments: [{ __class: 'ServiceAPIComment' }, {}] });
      expect(phpOf('ShortUrlList')).toMatchObject({ __class: 'ServiceAPIShortURLs', shorturls: [{ __class: 'ServiceAPIShortURL' }, {}] });
      expect(phpOf('ScriptError')).toEqual({
        __class: 'ServiceAPIError',
        code: 1002,
        message: 'A service API request is missing the callback argument.',
        status: 403,
      });
    });
  });
});

/** One string placed in every XML placement: attribute (message, user), child element (title), text (content). */
const stringInEveryPlacement = (text: string): Resource[] => [
  resource(ErrorShape, { code: 1, message: text }),
  resource(GalleryShape, gallery({ photos: [photo({ title: text, user: { ...photo().user, name: text } })] })),
  resource(EventsShape, events([comment({ user: text, content: text })])),
];

/** Renders the string in every placement and checks that the strict parser reads back `expected(text)`. */
function expectXmlCarries(text: string, expected: TextMap = same): void {
  for (const subject of stringInEveryPlacement(text)) {
    const body = renderBody('xml', subject, '');
    expect(body.isWellFormed()).toBe(true);
    expectXml(subject.shape, subject.value, xmlRoot(body), expected);
  }
}

/** XML 1.0 Char production, written independently of the renderer: what cannot be carried becomes U+FFFD. */
const XML_UNCARRIABLE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlCarriable: TextMap = (text) => text.replace(XML_UNCARRIABLE, '\uFFFD');

describe('pitfall (a): characters XML 1.0 cannot carry become U+FFFD', () => {
  const controls = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)).filter((c) => !'\t\n\r'.includes(c));

  test.each([
    ['C0 controls', `a${controls.join('|')}z`],
    ['lone high surrogate', 'x\uD800y'],
    ['lone low surrogate', 'x\uDC00y'],
    ['high surrogate at the end', 'x\uD83D'],
    ['noncharacters U+FFFE and U+FFFF', 'x\uFFFEy\uFFFFz'],
    ['mixed with valid pairs', '\u0000😀\uD800\uDC00\uDC00\uD83D\uDE00\uD800'],
  ])('%s', (_label, text) => {
    expectXmlCarries(text, xmlCarriable);
  });

  test('a concrete string reads back with exactly the bad characters replaced', () => {
    const body = renderBody(
      'xml',
      resource(ErrorShape, { code: 1, message: 'a\u0000b\u000Bc\u000Cd\u001Fe\uD800f\uDC00g\uFFFEh\uFFFFi😀' }),
      '',
    );
    expect(xmlRoot(body).attributes.message).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh\uFFFDi😀');
  });
});

describe('pitfall (b): ampersands before name; sequences are escaped', () => {
  const entities = ['&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#10;', '&#x41;', '&foo;'];
  test.each([...entities, 'AT&T;', 'a & b', '&&;;', '<tag attr="v">&</tag>', ']]>'])(
    '%s round-trips in attribute, element and text',
    (text) => {
      expectXmlCarries(text);
      expectXmlCarries(`x${text}y`);
    },
  );
});

describe('pitfall (c): whitespace in attributes and CR in text are kept exactly', () => {
  test.each(['\t', '\n', '\r', '\r\n', 'a\tb\nc\rd\r\ne', '  two  spaces  ', '\n\n\t\r\r'])('%j', (text) => {
    expectXmlCarries(text);
  });
});

describe('pitfall (d): integers that are not safe integers throw ShapeMismatchError in every type', () => {
  const badIntegers = [Infinity, -Infinity, NaN, 1.5, -0.5, 2 ** 53, -(2 ** 53), 1e300];
  const resourcesWith = (bad: number): [string, () => Resource][] => [
    ['int (Error.code)', () => resource(ErrorShape, { code: bad, message: 'm' })],
    ['int in a list (ErrorList.errors[].code)', () => resource(ErrorListShape, { timestamp: 1, errors: [{ code: bad, message: 'm' }] })],
    ['intString (Gallery.total)', () => resource(GalleryShape, gallery({ total: bad }))],
    ['optional int (Gallery.max_date)', () => resource(GalleryShape, gallery({ max_date: bad }))],
    [
      'nested int (User.profileviews)',
      () => resource(GalleryShape, gallery({ photos: [photo({ user: { ...photo().user, profileviews: bad } })] })),
    ],
    ['nullableInt (Comment.replyto)', () => resource(EventsShape, events([comment({ replyto: bad })]))],
    ['int (ShortUrl.itemid)', () => shortUrls([{ link: 'l', short_url: 's', itemid: bad, view_count: 0 }])],
  ];
  const cases = badIntegers.flatMap((bad) =>
    resourcesWith(bad).flatMap(([label, make]) => RESPONSE_TYPES.map((type) => [String(bad), label, type, make] as const)),
  );

  test.each(cases)('%s as %s in %s', (_bad, _label, type, make) => {
    expect(() => renderBody(type, make(), CALLBACK)).toThrow(ShapeMismatchError);
  });

  test.each([...RESPONSE_TYPES])('a string where an integer is declared throws too (%s)', (type) => {
    expect(() => renderBody(type, resource(ErrorShape, { code: '5' as unknown as number, message: 'm' }), CALLBACK)).toThrow(
      ShapeMismatchError,
    );
  });

  test('the largest safe integers still render as integers', () => {
    const subject = resource(ErrorShape, { code: Number.MAX_SAFE_INTEGER, message: 'm' });
    expect(JSON.parse(renderBody('json', subject, '')).code).toBe(Number.MAX_SAFE_INTEGER);
    expect(renderBody('php', subject, '')).toContain('i:9007199254740991;');
  });
});

describe('pitfall (e): the PHP class prefix', () => {
  const cases = samples().map((sample) => ({ ...sample, body: renderPhp(sample.resource, 'DiggAPI') }));
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    answers = unserializeAll(cases.map((sample) => sample.body));
  });

  test.each(cases.map((sample, index) => [sample.name, index] as const))('%s with prefix DiggAPI unserializes in PHP', (_name, index) => {
    const sample = cases[index]!;
    const value = expectPhpFaithful(answers[index], sample.body);
    expectTree(sample.resource.shape, sample.resource.value, value, 'DiggAPI');
  });

  test('class names carry the prefix', () => {
    expect(cases[0]!.body.startsWith('O:12:"DiggAPIError":2:{')).toBe(true);
    expect((answers[0]!.value as Rec).__class).toBe('DiggAPIError');
    const galleryIndex = cases.findIndex((sample) => sample.name === 'Gallery with max_date');
    expect((answers[galleryIndex]!.value as Rec).__class).toBe('DiggAPIGallery');
  });
});

describe('pitfall (f): multi-byte UTF-8 and lone surrogates in PHP strings', () => {
  const wellFormed = [
    'naïve café',
    'Ünïcödé ß',
    '日本語のタイトル',
    '한국어',
    '😀👍🏽🇩🇪',
    'e\u0301',
    '\u2028\u2029',
    'x"y;z}',
    'nul\u0000byte',
  ];
  const lone = ['\uD800', 'a\uDC00b', 'x\uD83D', '\uDE00y', '😀\uD800😀'];
  const cases = [...wellFormed, ...lone].flatMap((text) =>
    stringInEveryPlacement(text).map((subject) => ({ text, subject, body: renderBody('php', subject, '') })),
  );
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    answers = unserializeAll(cases.map((sample) => sample.body));
  });

  test.each(cases.map((sample, index) => [sample.text, sample.subject.shape.phpClass, index] as const))(
    '%j in %s: PHP unserializes it and re-serializes the same bytes',
    (text, _class, index) => {
      const sample = cases[index]!;
      const value = expectPhpFaithful(answers[index], sample.body, text.isWellFormed());
      // On the wire a lone surrogate is U+FFFD (3 bytes in UTF-8); PHP reads exactly that.
      expectTree(sample.subject.shape, sample.subject.value, value, 'ServiceAPI', (s) => s.toWellFormed());
    },
  );

  test('string lengths are counted in UTF-8 bytes', () => {
    expect(renderBody('php', resource(ErrorShape, { code: 1, message: 'é中😀' }), '')).toContain('s:7:"message";s:9:"é中😀";');
  });
});

describe('pitfall (g): JSON with lone surrogates stays valid, carrying U+FFFD as every type does', () => {
  test.each([
    ['\uD800', '\uFFFD'],
    ['a\uDC00b', 'a\uFFFDb'],
    ['x\uD83D', 'x\uFFFD'],
    ['😀\uD800😀', '😀\uFFFD😀'],
    ['\uDBFF\uDBFF', '\uFFFD\uFFFD'],
  ])('%j', (text, expected) => {
    const body = renderBody('json', resource(ErrorShape, { code: 1, message: text }), '');
    expect(body.isWellFormed()).toBe(true);
    expect(Buffer.from(body, 'utf8').toString('utf8')).toBe(body);
    expect(JSON.parse(body)).toEqual({ code: 1, message: expected });
  });
});

describe('pitfall (h): JSONP', () => {
  test('U+2028 and U+2029 are escaped in the body and arrive intact', () => {
    const message = 'line\u2028separator\u2029paragraph';
    const subject = resource(EventsShape, events([comment({ content: message, user: '\u2028' })]));
    const body = renderBody('javascript', subject, CALLBACK);
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(body).toContain('\\u2028');
    expect(body).toContain('\\u2029');
    const run = runScript(body, CALLBACK);
    expect((run.calls[0]![0] as { comments: Rec[] }).comments[0]).toMatchObject({ content: message, user: '\u2028' });
  });

  test.each(['a.b.c', '$', '_cb', 'jQuery1234_5678', 'ns.$x._y'])('callback %s is called', (callback) => {
    const subject = resource(ErrorShape, { code: 1001, message: 'Unrecognized argument' });
    expectScriptCalls(renderBody('javascript', subject, callback), callback, { code: 1001, message: 'Unrecognized argument' });
  });

  test('the ScriptError object carries status for the callback', () => {
    const subject = resource(ScriptErrorShape, { code: 1021, message: 'No such user', status: 404 });
    expectScriptCalls(renderBody('javascript', subject, 'a.b'), 'a.b', { code: 1021, message: 'No such user', status: 404 });
  });
});

describe('pitfall (i): renderAlert', () => {
  const messages = [
    'A service API request has an invalid callback argument.',
    'quotes " and \' and backslash \\',
    '</script><script>alert(1)</script>',
  ];
  test.each([...messages, 'separators \u2028 and \u2029', '日本語 😀'])('%j is alerted exactly', (message) => {
    const body = renderAlert(message);
    expect(body).not.toMatch(/[\u2028\u2029]/);
    const run = runScript(body);
    expect(run.alerts).toEqual([message]);
    expect(run.calls).toEqual([]);
  });
});

describe('renderBody memoisation', () => {
  test.each([...RESPONSE_TYPES])('the same value object twice gives the identical body (%s)', (type) => {
    const subject = resource(ErrorShape, { code: 1001, message: 'memo' });
    const first = renderBody(type, subject, CALLBACK);
    expect(renderBody(type, resource(ErrorShape, subject.value), CALLBACK)).toBe(first);
  });

  test.each([...RESPONSE_TYPES])('two value objects with different content give their own bodies (%s)', (type) => {
    const one = renderAll(resource(ErrorShape, { code: 1001, message: 'first' }))[type];
    const two = renderAll(resource(ErrorShape, { code: 1002, message: 'second' }))[type];
    expect(two).not.toBe(one);
    expect(one).toContain('first');
    expect(two).toContain('second');
    expect(two).not.toContain('first');
  });

  test('the types of one value object do not share a body', () => {
    const bodies = renderAll(resource(ErrorShape, { code: 1001, message: 'shared' }));
    expect(new Set(Object.values(bodies)).size).toBe(RESPONSE_TYPES.length);
    expect(xmlRoot(bodies.xml).attributes.code).toBe('1001');
    expect(JSON.parse(bodies.json)).toEqual({ code: 1001, message: 'shared' });
  });

  test('the same value object with different callbacks calls each callback', () => {
    const subject = resource(ErrorShape, { code: 1001, message: 'callbacks' });
    expectScriptCalls(renderBody('javascript', subject, 'one'), 'one', subject.value);
    expectScriptCalls(renderBody('javascript', subject, 'two.three'), 'two.three', subject.value);
  });

  test('the same value object under two declarations renders each declaration', () => {
    // A value that fits both ErrorShape and ScriptErrorShape: the memo must not hand one
    // declaration's body to the other.
    const value = { code: 1003, message: 'A service API request has an invalid callback argument.', status: 403 };
    expect(JSON.parse(renderBody('json', resource(ErrorShape, value), ''))).toEqual({ code: 1003, message: value.message });
    expectScriptCalls(renderBody('javascript', resource(ScriptErrorShape, value), CALLBACK), CALLBACK, value);
    expect(JSON.parse(renderBody('json', resource(ScriptErrorShape, value), ''))).toEqual(value);
    expect(xmlRoot(renderBody('xml', resource(ScriptErrorShape, value), '')).attributes.status).toBe('403');
    expect(xmlRoot(renderBody('xml', resource(ErrorShape, value), '')).attributes).not.toHaveProperty('status');
  });
});

describe('the XML renderer loads with the module', () => {
  test('a fresh module renders XML at once, with nothing to prepare first', () => {
    jest.isolateModules(() => {
      const fresh = require('../../lib/render') as typeof import('../../lib/render');
      const subject = resource(ErrorShape, { code: 404, message: 'Not found' });
      const body = fresh.renderBody('xml', subject, { callback: '', phpClassPrefix: 'ServiceAPI' });
      expect(xmlRoot(body)).toMatchObject({ name: 'error', attributes: { code: '404', message: 'Not found' } });
    });
  });
});

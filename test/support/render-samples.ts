/**
 * One value of every declared resource, and the renderers called as the API calls them (class
 * prefix ServiceAPI): what test/integration/renderers-*.test.ts render and read back.
 */
import { renderBody as renderWith, RESPONSE_TYPES, type ResponseType } from '../../lib/render';
import { ContainerListShape, ErrorListShape } from '../../lib/resources/catalogue';
import { ErrorShape, resource, ScriptErrorShape } from '../../lib/resources/shape';
import type { Resource } from '../../lib/resources/shape';
import { EventsShape, GalleryShape } from '../../lib/resources/gallery';
import type { CommentValue, EventsValue, GalleryPhotoValue, GalleryValue } from '../../lib/resources/gallery';
import { ShortUrlListShape, type ShortUrlValue } from '../../lib/resources/short-urls';

export const renderBody = (type: ResponseType, subject: Resource, callback: string): string =>
  renderWith(type, subject, { callback, phpClassPrefix: 'ServiceAPI' });

export type Bodies = Record<ResponseType, string>;

export const CALLBACK = 'cb';

export function photo(overrides: Partial<GalleryPhotoValue> = {}): GalleryPhotoValue {
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

export function gallery(overrides: Partial<GalleryValue> = {}): GalleryValue {
  return { timestamp: 1_240_000_000, min_date: 1_237_408_000, total: 2, offset: 0, count: 1, photos: [photo()], ...overrides };
}

export function comment(overrides: Partial<CommentValue> = {}): CommentValue {
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

export function events(comments: readonly CommentValue[]): EventsValue {
  return { timestamp: 1_240_000_000, min_date: 0, total: comments.length, offset: 0, count: comments.length, comments };
}

export const shortUrls = (shorturls: ShortUrlValue[]): Resource =>
  resource(ShortUrlListShape, { shorturls, timestamp: 1_240_000_000, total: shorturls.length, count: shorturls.length, offset: 0 });

const topLevel = (): CommentValue => comment();
const reply = (): CommentValue =>
  comment({ id: 901, date: 1_230_000_200, replies: 0, replyto: 900, user: 'bob', content: 'Agreed.', level: 1, root: 900 });

/** A value of every declared resource (ErrorList twice: with entries and empty; Gallery with and without max_date), named. */
export function samples(): { readonly name: string; readonly resource: Resource }[] {
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

export function renderAll(subject: Resource, callback = CALLBACK): Bodies {
  const bodies = {} as Bodies;
  for (const type of RESPONSE_TYPES) bodies[type] = renderBody(type, subject, callback);
  return bodies;
}

/** One string placed in every XML placement: attribute (message, user), child element (title), text (content). */
export const stringInEveryPlacement = (text: string): Resource[] => [
  resource(ErrorShape, { code: 1, message: text }),
  resource(GalleryShape, gallery({ photos: [photo({ title: text, user: { ...photo().user, name: text } })] })),
  resource(EventsShape, events([comment({ user: text, content: text })])),
];

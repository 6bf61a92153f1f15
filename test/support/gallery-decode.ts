/** Gallery and events wrappers decoded to one view for every type, their wire form checked on the way. */
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import type { XmlElement } from './parsers';
import { expectIs, expectList, expectMatch } from './quick-expect';

/** A photo as every type shows it: the fields of docs/api.md, Bodies, not its digg count. */
export type PhotoView = Omit<PhotoRecord, 'digg_count'>;
export type CommentView = CommentRecord;
const WRAPPER = ['timestamp', 'min_date', 'max_date', 'total', 'offset', 'count'];
const PHOTO_KEYS = ['id', 'submit_date', 'comments', 'title', 'user', 'src', 'href'];
const USER_KEYS = ['name', 'icon', 'registered', 'profileviews'];
const COMMENT_KEYS = ['date', 'id', 'story', 'up', 'down', 'replies', 'replyto', 'user', 'content', 'level', 'root'];

const pick = <T>(record: object, keys: readonly string[]): T =>
  Object.fromEntries(keys.map((key) => [key, (record as Record<string, unknown>)[key]])) as T;

export const photoView = (photo: PhotoRecord): PhotoView => ({ ...pick<PhotoView>(photo, PHOTO_KEYS), user: pick(photo.user, USER_KEYS) });
export const commentView = (comment: CommentRecord): CommentView => pick(comment, COMMENT_KEYS);
/** A gallery or events wrapper in one view; `total` as a number. */
export type Listing<T> = Record<'timestamp' | 'min_date' | 'total' | 'offset' | 'count', number> & { max_date?: number; items: T[] };
export type Kind = 'gallery' | 'events';
type Rec = Record<string, unknown>;

/** An XML attribute's integer, in plain decimal. */
export const xmlInteger = (text: string | undefined): number => {
  expectMatch(text, /^-?[0-9]+$/);
  return Number(text);
};

const wrapperKeys = (kind: Kind, hasMax: boolean): string[] =>
  WRAPPER.filter((key) => key !== 'max_date' || (kind === 'gallery' && hasMax));

/** The wrapper's numbers, each read by `read`; `max_date` only where there is one. */
const listingOf = <T>(hasMax: boolean, read: (key: string) => number, items: T[]): Listing<T> =>
  ({ ...Object.fromEntries(wrapperKeys('gallery', hasMax).map((key) => [key, read(key)])), items }) as unknown as Listing<T>;

const integers = (attributes: Record<string, string | undefined>, keys: readonly string[]): Rec =>
  Object.fromEntries(keys.map((key) => [key, xmlInteger(attributes[key])]));

/** The PHP classes' prefix (docs/api.md, Bodies: PHP), written here rather than read from lib/config. */
const PHP_CLASS_PREFIX = 'ServiceAPI';

/** The record's own fields, exactly `keys` in that order; a PHP object first carries its class (`phpClass`). */
export function fieldsOf(value: unknown, keys: readonly string[], phpClass: string | undefined): Rec {
  expectIs(typeof value === 'object' && value !== null && !Array.isArray(value), true);
  const { __class, ...fields } = value as Rec;
  expectList(Object.keys(value as Rec), phpClass === undefined ? keys : ['__class', ...keys]);
  if (phpClass !== undefined) expectIs(__class, PHP_CLASS_PREFIX + phpClass);
  return fields;
}

/** JSON, Javascript or PHP (objects with `__class`) to the view, checking the wire form. */
export function fromTree(kind: Kind, tree: unknown, php: boolean): Listing<PhotoView | CommentView> {
  const phpClass = (name: string) => (php ? name : undefined);
  const listName = kind === 'gallery' ? 'photos' : 'comments';
  const hasMax = typeof tree === 'object' && tree !== null && 'max_date' in tree;
  const wrapper = fieldsOf(tree, [...wrapperKeys(kind, hasMax), listName], phpClass(kind === 'gallery' ? 'Gallery' : 'Events'));
  // docs/api.md, Bodies: `total` is a string in gallery and comment lists, a plain decimal.
  expect(wrapper.total).toEqual(expect.stringMatching(/^(0|[1-9][0-9]*)$/));
  for (const key of ['timestamp', 'min_date', 'max_date', 'offset', 'count'])
    if (key in wrapper) expectIs(Number.isSafeInteger(wrapper[key]), true);
  expect(Array.isArray(wrapper[listName])).toBe(true);
  const items = (wrapper[listName] as Rec[]).map((entry) => {
    if (kind === 'events') return fieldsOf(entry, COMMENT_KEYS, phpClass('Comment')) as unknown as CommentView;
    const photo = fieldsOf(entry, PHOTO_KEYS, phpClass('GalleryPhoto'));
    return { ...photo, user: fieldsOf(photo.user, USER_KEYS, phpClass('User')) } as unknown as PhotoView;
  });
  return listingOf(hasMax, (key) => Number(wrapper[key]), items);
}

/** XML to the view, checking the placement of every field. */
export function fromXml(kind: Kind, root: XmlElement): Listing<PhotoView | CommentView> {
  expect([root.name, root.text]).toEqual([kind, '']);
  const attr = root.attributes;
  expect(Object.keys(attr)).toEqual(wrapperKeys(kind, 'max_date' in attr));
  const items = root.children.map((child): PhotoView | CommentView => {
    const a = child.attributes;
    if (kind === 'gallery') {
      expect([child.name, child.text, ...child.children.map((element) => element.name)]).toEqual(['galleryphoto', '', 'title', 'user']);
      expect(Object.keys(a)).toEqual(['id', 'submit_date', 'comments', 'src', 'href']);
      const [title, user] = child.children as [XmlElement, XmlElement];
      expect([title.attributes, title.children, user.children, user.text]).toEqual([{}, [], [], '']);
      expect(Object.keys(user.attributes)).toEqual(USER_KEYS);
      const { name, icon } = user.attributes;
      const shownUser = { name, icon, ...integers(user.attributes, ['registered', 'profileviews']) };
      const fields = { ...integers(a, ['id', 'submit_date', 'comments']), src: a.src, href: a.href };
      return pick<PhotoView>({ ...fields, title: title.text, user: shownUser }, PHOTO_KEYS); // in the record's order
    }
    expect([child.name, child.children]).toEqual(['comment', []]);
    // Every field an attribute in the record's order, content the text; a null replyto is absent.
    expect(Object.keys(a)).toEqual(COMMENT_KEYS.filter((key) => key !== 'content' && (key !== 'replyto' || 'replyto' in a)));
    const field = (key: string) =>
      key === 'content' ? child.text : key === 'user' ? a.user : key === 'replyto' && !('replyto' in a) ? null : xmlInteger(a[key]);
    return Object.fromEntries(COMMENT_KEYS.map((key) => [key, field(key)])) as unknown as CommentView;
  });
  return listingOf('max_date' in attr, (key) => xmlInteger(attr[key]), items);
}

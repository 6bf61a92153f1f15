/**
 * One line of the gallery import (infra/ops/gallery/records.ts, docs/import-format.md): a photo and a comment
 * read as given, any well-formed text taken, and every refusal with its reason, type and id.
 */
import { HARD_TEXT } from '../../infra/local/sample/sample-text';
import { parseLine } from '../../infra/ops/gallery/records';
import { COMMENT, PHOTO } from '../support/gallery-import-samples';

// docs/import-format.md: the importer's string bounds, in characters.
const LIMITS = { title: 2_000, content: 8_000, url: 2_048 } as const;

const withField = (record: object, path: string, value: unknown): string => {
  const copy = structuredClone(record) as Record<string, any>;
  const keys = path.split('.');
  const last = keys.pop()!;
  // An undefined value leaves the field out: JSON.stringify drops it.
  keys.reduce((object, key) => object[key], copy)[last] = value;
  return JSON.stringify(copy);
};

describe('a line on its own', () => {
  test('a photo and a comment are read as given', () => {
    expect(parseLine(JSON.stringify(PHOTO))).toEqual({ ok: true, record: PHOTO });
    expect(parseLine(JSON.stringify(COMMENT))).toEqual({ ok: true, record: COMMENT });
    expect(parseLine(withField(COMMENT, 'replyto', 3))).toEqual({ ok: true, record: { ...COMMENT, replyto: 3 } });
  });

  test('any text is taken, whatever it holds, as long as it is well-formed', () => {
    const text = Object.values(HARD_TEXT).join(' ');
    expect(parseLine(withField(PHOTO, 'title', text))).toMatchObject({ ok: true, record: { title: text } });
    expect(parseLine(withField(COMMENT, 'content', ''))).toMatchObject({ ok: true });
    expect(parseLine(withField(PHOTO, 'title', 'x'.repeat(LIMITS.title)))).toMatchObject({ ok: true });
    // Characters, not UTF-16 units: 2 000 emoji are 4 000 units.
    expect(parseLine(withField(PHOTO, 'title', '😀'.repeat(LIMITS.title)))).toMatchObject({ ok: true });
  });

  test.each([
    ['{"type":"photo",', /^not JSON \(/],
    ['[1, 2]', /^not a JSON object$/],
    ['"photo"', /^not a JSON object$/],
    ['null', /^not a JSON object$/],
    [JSON.stringify({ ...PHOTO, type: 'story' }), /^"type" must be "photo" or "comment"$/],
    [withField(PHOTO, 'type', undefined), /^"type" must be "photo" or "comment"$/],
    [withField(PHOTO, 'title', undefined), /^missing field "title"$/],
    [withField(PHOTO, 'user.icon', undefined), /^missing field "user\.icon"$/],
    [withField(PHOTO, 'colour', 'red'), /^unknown field "colour"$/],
    [withField(PHOTO, 'user.email', 'a@b'), /^unknown field "user\.email"$/],
    [withField(PHOTO, 'comments', 3), /^"comments" is counted by the importer; leave it out$/],
    [withField(COMMENT, 'level', 0), /^"level" is computed by the importer/],
    [withField(COMMENT, 'root', 9), /^"root" is computed by the importer/],
    [withField(COMMENT, 'replies', 0), /^"replies" is counted by the importer/],
    [withField(COMMENT, 'story', 5), /^the photo of a comment is "photo" in the file, not "story"$/],
    [withField(PHOTO, 'id', 0), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', -4), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', 1.5), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', '5'), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', 2 ** 53), /^"id" must be a positive integer of at most 9007199254740991$/],
    [withField(COMMENT, 'photo', null), /^"photo" must be a positive integer/],
    [withField(COMMENT, 'replyto', 0), /^"replyto" must be null or a positive integer/],
    [withField(COMMENT, 'replyto', '3'), /^"replyto" must be null or a positive integer/],
    [withField(PHOTO, 'submit_date', -1), /^"submit_date" must be a Unix time in whole seconds from 0 to 99999999999$/],
    [withField(PHOTO, 'submit_date', 100_000_000_000), /^"submit_date" must be a Unix time/],
    [withField(COMMENT, 'date', 1.25), /^"date" must be a Unix time/],
    [withField(PHOTO, 'user.registered', '2008'), /^"user\.registered" must be a Unix time/],
    [withField(PHOTO, 'digg_count', -1), /^"digg_count" must be a whole number from 0/],
    [withField(COMMENT, 'up', 0.5), /^"up" must be a whole number/],
    [withField(COMMENT, 'down', null), /^"down" must be a whole number/],
    [withField(PHOTO, 'user.profileviews', -2), /^"user\.profileviews" must be a whole number/],
    [withField(PHOTO, 'title', 5), /^"title" must be a string$/],
    [withField(PHOTO, 'title', 'x'.repeat(LIMITS.title + 1)), /^"title" is longer than 2000 characters$/],
    [withField(COMMENT, 'content', 'x'.repeat(LIMITS.content + 1)), /^"content" is longer than 8000 characters$/],
    [withField(PHOTO, 'title', 'bad \ud800 half'), /^"title" holds a lone surrogate/],
    [withField(PHOTO, 'user', 'alice'), /^"user" must be an object with name, icon, registered and profileviews$/],
    [withField(PHOTO, 'user.name', '  '), /^"user\.name" must not be empty$/],
    [withField(COMMENT, 'user', ''), /^"user" must not be empty$/],
    [withField(COMMENT, 'user', { name: 'bob' }), /^"user" must be a string$/],
    [withField(PHOTO, 'src', 'ftp://p.example/5.jpg'), /^"src" must be an absolute http or https URL$/],
    [withField(PHOTO, 'src', '/thumbs/5.jpg'), /^"src" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', 'javascript:alert(1)'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', ' https://g.example/'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', 'https://g.example/a b'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'user.icon', 'https://'), /^"user\.icon" must be an absolute http or https URL$/],
    [withField(PHOTO, 'src', `https://p.example/${'x'.repeat(LIMITS.url)}`), /^"src" is longer than 2048 characters$/],
  ])('%s is refused: %s', (line, reason) => {
    const parsed = parseLine(line);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  test('a refused record still tells its type and id, when they are readable', () => {
    expect(parseLine(withField(PHOTO, 'src', 'nope'))).toMatchObject({ ok: false, type: 'photo', id: 5 });
    expect(parseLine(withField(COMMENT, 'up', -1))).toMatchObject({ ok: false, type: 'comment', id: 9 });
    expect(parseLine(withField(COMMENT, 'id', -1))).toEqual({ ok: false, type: 'comment', reason: expect.any(String) });
  });
});

/**
 * An integer field (docs/api.md, Bodies: integers are safe integers) holding anything but a safe
 * integer is refused with ShapeMismatchError in every type, wherever the field sits: no body
 * carries a number a client would read differently.
 */
import { RESPONSE_TYPES } from '../../lib/render';
import { ErrorListShape } from '../../lib/resources/catalogue';
import { ErrorShape, resource, ShapeMismatchError, type Resource } from '../../lib/resources/shape';
import { EventsShape, GalleryShape } from '../../lib/resources/gallery';
import { CALLBACK, comment, events, gallery, photo, renderBody, shortUrls } from '../support/render-samples';

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

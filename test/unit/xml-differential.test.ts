/**
 * The XML renderer (lib/render/bodies.ts, fast-xml-parser's XMLBuilder) against the one it
 * replaced (test/support/xml-reference.ts, xmlbuilder2): byte-identical bodies for every
 * resource shape, the whole catalogue and the containers, and values full of what XML makes
 * hard (control characters, lone surrogates, U+FFFE and U+FFFF, `&`, quotes, `]]>`, CR, LF and
 * tabs in attributes and text, entity look-alikes, empty strings, "true").
 */
import fc from 'fast-check';
import { allErrors } from '../../lib/catalog/error-lists';
import { CONTAINERS } from '../../lib/catalog/containers';
import { renderXml } from '../../lib/render/bodies';
import { ContainerListShape, ContainerShape, ErrorListShape } from '../../lib/resources/catalogue';
import { ErrorShape, resource, ScriptErrorShape, type Resource } from '../../lib/resources/shape';
import { EventsShape, GalleryShape } from '../../lib/resources/gallery';
import { ShortUrlListShape } from '../../lib/resources/short-urls';
import { referenceXml } from '../support/xml-reference';

const same = (value: Resource) => expect(renderXml(value)).toBe(referenceXml(value));

const HARD = [
  ...['\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff', '\ufffe', '\uffff'],
  ...['&', '&amp;', '&apos;', '&#13;', '<', '>', '"', "'", ']]>', '\r', '\n', '\t', '\r\n', ' ', 'true', '😀', '\u2028', 'é', '中', 'a'],
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...HARD), { maxLength: 12 }).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'true', 'false', '0') },
);
const int = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const user = fc.record({ name: text, icon: text, registered: int, profileviews: int });
const photo = fc.record({ id: int, submit_date: int, comments: int, title: text, user, src: text, href: text });
const comment = fc.record({
  ...{ date: int, id: int, story: int, up: int, down: int, replies: int, replyto: fc.option(int, { nil: null }) },
  ...{ user: text, content: text, level: int, root: int },
});
const few = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 3 });
const error = fc.record({ code: int, message: text });
const container = fc.record({ name: text, short_name: text, topics: few(fc.record({ name: text, short_name: text })) });
const shortUrl = fc.record({ link: text, short_url: text, itemid: int, view_count: int });
const wrapper = { timestamp: int, min_date: int, total: int, offset: int, count: int };

test('the catalogue, one error, the containers and one container', () => {
  same(resource(ErrorListShape, allErrors(1_700_000_000)));
  for (const entry of allErrors(1).errors) same(resource(ErrorShape, entry));
  same(resource(ContainerListShape, { timestamp: 1_700_000_000, containers: CONTAINERS }));
  for (const container of CONTAINERS) same(resource(ContainerShape, container));
});

test('every shape with hostile values: byte for byte', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        error.map((v) => resource(ErrorShape, v)),
        fc.record({ code: int, message: text, status: int }).map((v) => resource(ScriptErrorShape, v)),
        fc.record({ timestamp: int, errors: few(error) }).map((v) => resource(ErrorListShape, v)),
        fc.record({ timestamp: int, containers: few(container) }).map((v) => resource(ContainerListShape, v)),
        fc
          .record({ ...wrapper, max_date: fc.option(int, { nil: undefined }), photos: few(photo) })
          .map(({ max_date, ...v }) => resource(GalleryShape, { ...v, ...(max_date === undefined ? {} : { max_date }) })),
        fc.record({ ...wrapper, comments: few(comment) }).map((v) => resource(EventsShape, v)),
        fc
          .record({ timestamp: int, total: int, count: int, offset: int, shorturls: few(shortUrl) })
          .map((v) => resource(ShortUrlListShape, v)),
      ),
      same,
    ),
    { numRuns: 3_000 },
  );
});

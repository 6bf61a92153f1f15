/**
 * The XML renderer's pitfalls (docs/api.md, Bodies), read back by a strict parser in every
 * placement (attribute, child element, text): characters XML 1.0 cannot carry, ampersands and
 * markup, whitespace in attributes and CR in text.
 */
import { ErrorShape, resource } from '../../lib/resources/shape';
import { expectXml, same, type TextMap, xmlRoot } from '../support/render-checks';
import { renderBody, stringInEveryPlacement } from '../support/render-samples';

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

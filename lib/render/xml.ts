import { XMLBuilder } from 'fast-xml-parser';
import { fieldValue, isNested, scalarValue, type Resource, type ResourceShape, type ScalarField } from '../resources';

/*
 * fast-xml-parser's XMLBuilder writes the document; its pitfalls are wrapped here and pinned by
 * test/unit/xml-differential.test.ts against xmlbuilder2, whose output this one is byte for byte:
 * - it writes any character, so those XML 1.0 cannot carry become U+FFFD first;
 * - escaping is the same for text and attributes, so values are escaped per place before they
 *   are handed over, with tabs and line breaks in attributes (which parsers would turn into
 *   spaces) and CR in text (which they would turn into LF) as character references;
 * - it always writes `'` in an attribute as `&apos;`, which is put back (nothing else can
 *   produce `&apos;`: every `&` of a value is escaped first);
 * - an attribute whose value is "true" would be written bare, unless told not to;
 * - it closes an element in one way whatever made it empty: as xmlbuilder2 does, one with no
 *   content at all is written `<e/>` and one with an empty text `<e></e>`, so an empty text is
 *   given as a mark (NUL, which escaping has turned into U+FFFD in every value) taken out afterwards.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '\t': '&#9;', '\n': '&#10;' };
/**
 * Printable ASCII without `&`, `<` and `>`: text neither escaping changes (not all such text:
 * the rest takes the escaping, which leaves it as it is), and most values. Testing for it first
 * spares a cold start compiling NOT_XML_CHAR (docs/performance.md).
 */
const NOTHING_TO_ESCAPE = /^[\u0020-\u0025\u0027-\u003b\u003d\u003f-\u007e]*$/;
const escapeText = (text: string): string =>
  NOTHING_TO_ESCAPE.test(text) ? text : text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
const escapeAttribute = (text: string): string =>
  NOTHING_TO_ESCAPE.test(text) ? text : text.replace(NOT_XML_CHAR, '\uFFFD').replace(/[&<>\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

const ATTRIBUTE = '@';
const TEXT = '#text';

const EMPTY_TEXT = '\u0000';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  processEntities: false,
  suppressBooleanAttributes: false,
  suppressEmptyNode: true,
});

const DECLARATION = { '?xml': { [`${ATTRIBUTE}version`]: '1.0', [`${ATTRIBUTE}encoding`]: 'UTF-8' } };

type Node = Record<string, unknown>;

/** XML has no null: an absent optional field or a null value leaves the attribute out. */
function scalarText(field: ScalarField, value: unknown): string | undefined {
  if (value === undefined && field.optional) return undefined;
  const checked = scalarValue(field, value);
  return checked === null ? undefined : String(checked);
}

/** An element as XMLBuilder takes it: attributes, child elements (repeated ones as lists), text. */
function elementOf(shape: ResourceShape, value: unknown): Node {
  const node: Node = {};
  for (const field of shape.fields) {
    const item = fieldValue(value, field);
    if (isNested(field)) {
      const items = field.kind === 'list' ? (item as readonly unknown[]) : [item];
      if (items.length > 0) node[field.of.element] = items.map((nested) => elementOf(field.of, nested));
      continue;
    }
    const text = scalarText(field, item);
    if (text === undefined) continue;
    if (field.xml === 'attribute') node[`${ATTRIBUTE}${field.name}`] = escapeAttribute(text);
    else if (field.xml === 'element') node[field.name] = { [TEXT]: escapeText(text) || EMPTY_TEXT };
    else node[TEXT] = escapeText(text) || EMPTY_TEXT;
  }
  return node;
}

export function renderXml(resource: Resource): string {
  const built: string = builder.build({ ...DECLARATION, [resource.shape.element]: elementOf(resource.shape, resource.value) });
  return built.replaceAll('&apos;', "'").replaceAll(EMPTY_TEXT, '');
}

/**
 * A resource's body in each type: the object tree JSON and PHP serialise (and the Javascript
 * type calls back with), and the XML document.
 */
import { XMLBuilder } from 'fast-xml-parser';
import serialize from 'php-serialize/lib/esm/serialize';
import { fieldValue, isNested, scalarValue, type Resource, type ResourceShape, type ScalarField } from '../resources/shape';

/**
 * Walks a value along its declaration, in field order, building the nested objects that JSON
 * and PHP serialise. `makeObject` decides what an object is: a plain record, or a PHP class.
 */
function toObjectTree(
  shape: ResourceShape,
  value: unknown,
  makeObject: (shape: ResourceShape) => Record<string, unknown>,
): Record<string, unknown> {
  const out = makeObject(shape);
  for (const field of shape.fields) {
    const item = fieldValue(value, field);
    if (isNested(field)) {
      out[field.name] =
        field.kind === 'list'
          ? (item as readonly unknown[]).map((element) => toObjectTree(field.of, element, makeObject))
          : toObjectTree(field.of, item, makeObject);
    } else if (!(item === undefined && field.optional)) {
      out[field.name] = scalarValue(field, item);
    }
  }
  return out;
}

function toPlainObject(resource: Resource): Record<string, unknown> {
  return toObjectTree(resource.shape, resource.value, () => ({}));
}

export function renderJson(resource: Resource): string {
  return JSON.stringify(toPlainObject(resource));
}

/*
 * The Javascript type: a JSONP call. The leading comment keeps a body that starts with the
 * callback name from being sniffed as another type; U+2028 and U+2029 are escaped because
 * engines before ES2019 end a string literal at them.
 */
const escapeLineSeparators = (json: string): string => json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

export function renderJavascriptCall(callback: string, json: string): string {
  return `/**/${callback}(${escapeLineSeparators(json)});`;
}

/** What a page gets when the callback argument itself is wrong: there is nothing to call. */
export function renderAlert(message: string): string {
  return `alert(${escapeLineSeparators(JSON.stringify(message))});`;
}

// serialize() alone, not the package's index, which also brings unserialize()'s parser: esbuild
// cannot drop it, and no answer runs it.

type PhpClass = new () => Record<string, unknown>;

/**
 * php-serialize names an object after the class it is an instance of, so each PHP class of the
 * API (docs/api.md, Bodies) gets a JavaScript class of that exact name, made once per name.
 */
const phpClasses = new Map<string, PhpClass>();

function phpClass(name: string): PhpClass {
  let made = phpClasses.get(name);
  if (made === undefined) {
    made = { [name]: class {} }[name] as PhpClass;
    phpClasses.set(name, made);
  }
  return made;
}

/** Output of PHP's own `serialize()` for the resource's objects. `classPrefix` must be ASCII. */
export function renderPhp(resource: Resource, classPrefix: string): string {
  const used: Record<string, PhpClass> = {};
  const tree = toObjectTree(resource.shape, resource.value, (shape: ResourceShape) => {
    const name = classPrefix + shape.phpClass;
    const made = phpClass(name);
    used[name] = made;
    return new made();
  });
  return serialize(tree, used);
}

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
/** `&` first, so that no escape is escaped again; one pass a character, as a page of long texts renders it fastest. */
const escapeMarkup = (text: string): string =>
  text.replace(NOT_XML_CHAR, '\uFFFD').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
/**
 * Printable ASCII without `&`, `<` and `>`: text neither escaping changes (not all such text:
 * the rest takes the escaping, which leaves it as it is), and most values. Testing for it first
 * spares a cold start compiling NOT_XML_CHAR.
 */
const NOTHING_TO_ESCAPE = /^[\u0020-\u0025\u0027-\u003b\u003d\u003f-\u007e]*$/;
const escapeText = (text: string): string => (NOTHING_TO_ESCAPE.test(text) ? text : escapeMarkup(text));
const escapeAttribute = (text: string): string =>
  NOTHING_TO_ESCAPE.test(text) ? text : escapeMarkup(text).replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');

const ATTRIBUTE = '@';
const TEXT = '#text';
/** Where the ordered form keeps an element's attributes. */
const ATTRIBUTES = ':@';

const EMPTY_TEXT = '\u0000';

/*
 * The builder's ordered form (preserveOrder): an element is `{ name: [children], ':@': attributes }`,
 * a text `{ '#text': text }`: the keyed form runs more of the builder's code per element in a cold
 * start (docs/performance.md, "The XML library"), and the fields' order is the shape's either way.
 */
const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE,
  textNodeName: TEXT,
  processEntities: false,
  suppressBooleanAttributes: false,
  suppressEmptyNode: true,
});

type Node = Record<string, unknown>;

const DECLARATION: Node = { '?xml': [], [ATTRIBUTES]: { [`${ATTRIBUTE}version`]: '1.0', [`${ATTRIBUTE}encoding`]: 'UTF-8' } };

/** XML has no null: an absent optional field or a null value leaves the attribute out. */
function scalarText(field: ScalarField, value: unknown): string | undefined {
  if (value === undefined && field.optional) return undefined;
  const checked = scalarValue(field, value);
  return checked === null ? undefined : String(checked);
}

const textNode = (text: string): Node => ({ [TEXT]: escapeText(text) || EMPTY_TEXT });

/** An element in the builder's ordered form: its attributes, then its children in the shape's order. */
function elementOf(shape: ResourceShape, value: unknown): Node {
  const children: Node[] = [];
  const attributes: Record<string, string> = {};
  for (const field of shape.fields) {
    const item = fieldValue(value, field);
    if (isNested(field)) {
      const items = field.kind === 'list' ? (item as readonly unknown[]) : [item];
      for (const nested of items) children.push(elementOf(field.of, nested));
      continue;
    }
    const text = scalarText(field, item);
    if (text === undefined) continue;
    if (field.xml === 'attribute') attributes[`${ATTRIBUTE}${field.name}`] = escapeAttribute(text);
    else if (field.xml === 'element') children.push({ [field.name]: [textNode(text)] });
    else children.push(textNode(text));
  }
  return { [shape.element]: children, [ATTRIBUTES]: attributes };
}

export function renderXml(resource: Resource): string {
  const built: string = builder.build([DECLARATION, elementOf(resource.shape, resource.value)]);
  return built.replaceAll('&apos;', "'").replaceAll(EMPTY_TEXT, '');
}

/**
 * Checks of a rendered body against its value and declaration (docs/api.md, Bodies), written from
 * the declaration and the wire types, never from the renderers' own output.
 */
import { fieldValue, isNested } from '../../lib/resources/shape';
import type { Field, ResourceShape, ScalarField } from '../../lib/resources/shape';
import { parseXml, runScript, XML_DECLARATION, type PhpAnswer, type XmlElement } from './parsers';

export type Rec = Record<string, unknown>;
/** What the wire makes of a string (U+FFFD for what a type cannot carry); `same` leaves it. */
export type TextMap = (text: string) => string;

export const same: TextMap = (text) => text;

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
export function expectTree(shape: ResourceShape, value: unknown, actual: unknown, phpPrefix?: string, text: TextMap = same): void {
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
export function expectXml(shape: ResourceShape, value: unknown, element: XmlElement, text: TextMap = same): void {
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
export function xmlRoot(body: string): XmlElement {
  expect(body.startsWith(XML_DECLARATION)).toBe(true);
  return parseXml(body);
}

/** A PHP answer must be a successful unserialize whose re-serialization is the body's bytes (and, `exact`, its string). */
export function expectPhpFaithful(answer: PhpAnswer | undefined, body: string, exact = true): Rec {
  expect(answer?.error).toBeUndefined();
  expect(answer?.serialized).toBeDefined();
  expect(Buffer.from(answer!.serialized!, 'utf8').equals(Buffer.from(body, 'utf8'))).toBe(true);
  if (exact) expect(answer!.serialized).toBe(body);
  return answer!.value as Rec;
}

export function expectScriptCalls(body: string, callback: string, expected: unknown): void {
  expect(body.startsWith(`/**/${callback}(`)).toBe(true);
  expect(body.endsWith(');')).toBe(true);
  const run = runScript(body, callback);
  expect(run.alerts).toEqual([]);
  expect(run.calls).toEqual([[expected]]);
}

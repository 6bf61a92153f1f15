/** The XML renderer as written with xmlbuilder2: the reference lib/render/bodies.ts must match byte for byte. */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { fieldValue, isNested, scalarValue, type Resource, type ResourceShape, type ScalarField } from '../../lib/resources/shape';

/*
 * xmlbuilder2 replaces characters XML 1.0 cannot carry (invalidCharReplacement) but passes
 * through anything shaped like a reference, so `&` is escaped here first; and since parsers
 * normalise raw tabs and line breaks in attributes to spaces, and CR in text to LF, those are
 * written as character references, which xmlbuilder2 then passes through.
 */
const escapeAmpersand = (text: string): string => text.replace(/&/g, '&amp;');
const escapeAttribute = (text: string): string => escapeAmpersand(text).replace(/[\t\n\r]/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeText = (text: string): string => escapeAmpersand(text).replace(/\r/g, '&#13;');

/** XML has no null: an absent optional field or a null value leaves the attribute out. */
function scalarText(field: ScalarField, value: unknown): string | undefined {
  if (value === undefined && field.optional) return undefined;
  const checked = scalarValue(field, value);
  return checked === null ? undefined : String(checked);
}

function appendElement(parent: XMLBuilder, shape: ResourceShape, value: unknown): void {
  const element = parent.ele(shape.element);
  for (const field of shape.fields) {
    const item = fieldValue(value, field);
    if (isNested(field)) {
      const items = field.kind === 'list' ? (item as readonly unknown[]) : [item];
      for (const nested of items) appendElement(element, field.of, nested);
      continue;
    }
    const text = scalarText(field, item);
    if (text === undefined) continue;
    if (field.xml === 'attribute') element.att(field.name, escapeAttribute(text));
    else if (field.xml === 'element') element.ele(field.name).txt(escapeText(text));
    else element.txt(escapeText(text));
  }
}

export function referenceXml(resource: Resource): string {
  const document = create({ version: '1.0', encoding: 'UTF-8', invalidCharReplacement: '\uFFFD' });
  appendElement(document, resource.shape, resource.value);
  return document.end({ wellFormed: true, prettyPrint: false });
}

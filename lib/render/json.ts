/** The JSON type, the Javascript type that calls back with it, and the object tree JSON and PHP serialise. */
import { fieldValue, isNested, scalarValue, type Resource, type ResourceShape } from '../resources/shape';

/**
 * Walks a value along its declaration, in field order, building the nested objects that JSON
 * and PHP serialise. `makeObject` decides what an object is: a plain record, or a PHP class.
 */
export function toObjectTree(
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

export function toPlainObject(resource: Resource): Record<string, unknown> {
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

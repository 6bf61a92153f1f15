/** The JSON type, the Javascript type that calls back with it, the PHP type, and the object tree they serialise. */
import { fieldValue, isNested, scalarValue, type Resource, type ResourceShape } from '../resources/shape';
import serialize from 'php-serialize/lib/esm/serialize';

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

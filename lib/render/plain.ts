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

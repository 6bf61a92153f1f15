/**
 * The vocabulary in which every resource is declared once. The four renderers walk these
 * declarations; none of them knows a resource by name.
 */

/** How a scalar is typed on the wire: `intString` is an integer that JSON and PHP carry as a string. */
export type ScalarKind = 'int' | 'string' | 'intString' | 'nullableInt';

/** Where a scalar sits in XML: an attribute, a child element of its own, or the element's text. */
export type XmlPlacement = 'attribute' | 'element' | 'text';

export interface ScalarField {
  readonly name: string;
  readonly kind: ScalarKind;
  readonly xml: XmlPlacement;
  /** Left out of every type when the value is undefined. */
  readonly optional?: boolean;
}

/** A list renders as repeated child elements in XML and as an array in JSON and PHP. */
export interface NestedField {
  readonly name: string;
  readonly kind: 'list' | 'object';
  readonly of: ResourceShape;
}

export type Field = ScalarField | NestedField;

export interface ResourceShape<T = unknown> {
  /** XML element name of one such resource. */
  readonly element: string;
  /** PHP class name without the configurable prefix. */
  readonly phpClass: string;
  readonly fields: readonly Field[];
  /** Phantom marker tying the declaration to its value type; never set. */
  readonly valueType?: T;
}

/** A value together with the declaration that says how to render it. */
export interface Resource<T = unknown> {
  readonly shape: ResourceShape<T>;
  readonly value: T;
}

/**
 * A declaration, as every resource module makes one at its top level. Each call there is marked
 * `@__PURE__`, so that esbuild keeps in a bundle only the shapes that bundle renders.
 */
export function defineResource<T>(shape: ResourceShape<T>): ResourceShape<T> {
  return shape;
}

export function resource<T>(shape: ResourceShape<T>, value: T): Resource<T> {
  return { shape, value };
}

export function isNested(field: Field): field is NestedField {
  return field.kind === 'list' || field.kind === 'object';
}

/** Thrown when a value does not fit its declaration: a bug, answered as error 500. */
export class ShapeMismatchError extends Error {
  override readonly name = 'ShapeMismatchError';
}

function safeInteger(field: ScalarField, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new ShapeMismatchError(`field ${field.name} needs a safe integer`);
  }
  return value;
}

/** The checked value of a scalar field as JSON and PHP carry it. */
export function scalarValue(field: ScalarField, value: unknown): number | string | null {
  switch (field.kind) {
    case 'int':
      return safeInteger(field, value);
    case 'intString':
      return String(safeInteger(field, value));
    case 'nullableInt':
      return value === null ? null : safeInteger(field, value);
    case 'string':
      if (typeof value !== 'string') throw new ShapeMismatchError(`field ${field.name} needs a string`);
      // A lone surrogate has no UTF-8 form; every type carries U+FFFD in its place, as XML must.
      return value.toWellFormed();
  }
}

/** Reads a field's value from a resource value, which is a plain record by construction. */
export function fieldValue(value: unknown, field: Field): unknown {
  return (value as Record<string, unknown>)[field.name];
}

/** The error every endpoint may answer. */
export interface ErrorValue {
  readonly code: number;
  readonly message: string;
}

export const ErrorShape = /* @__PURE__ */ defineResource<ErrorValue>({
  element: 'error',
  phpClass: 'Error',
  fields: [
    { name: 'code', kind: 'int', xml: 'attribute' },
    { name: 'message', kind: 'string', xml: 'attribute' },
  ],
});

/** The Javascript type's error object also tells the status the other types would answer with. */
export const ScriptErrorShape = /* @__PURE__ */ defineResource<ErrorValue & { readonly status: number }>({
  element: ErrorShape.element,
  phpClass: ErrorShape.phpClass,
  fields: [...ErrorShape.fields, { name: 'status', kind: 'int', xml: 'attribute' }],
});

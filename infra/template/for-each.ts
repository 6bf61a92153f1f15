/**
 * Expands Fn::ForEach as the AWS::LanguageExtensions transform does: one copy of the fragment per item, `${Identifier}`, `&{Identifier}`
 * (letters and digits only) and `{ Ref: Identifier }` replaced, and a Ref to a Fn::Sub the item leaves without variables made plain.
 */

const FOR_EACH = /^Fn::ForEach::/;

function substitute(value: unknown, identifier: string, item: string): unknown {
  if (typeof value === 'string')
    return value.replaceAll(`\${${identifier}}`, item).replaceAll(`&{${identifier}}`, item.replace(/[^A-Za-z0-9]/g, ''));
  if (Array.isArray(value)) return value.map((inner) => substitute(inner, identifier, item));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length === 1 && record.Ref === identifier) return item;
  const copy = Object.fromEntries(
    Object.entries(record).map(([key, inner]) => [substitute(key, identifier, item), substitute(inner, identifier, item)]),
  );
  const sub = Object.keys(copy).length === 1 ? (copy.Ref as Record<string, unknown> | undefined)?.['Fn::Sub'] : undefined;
  return typeof sub === 'string' && !sub.includes('${') ? { Ref: sub } : copy;
}

function expandLoop(name: string, loop: unknown): Record<string, unknown> {
  const [identifier, collection, fragment] = Array.isArray(loop) ? loop : [];
  if (typeof identifier !== 'string' || !Array.isArray(collection) || fragment === null || typeof fragment !== 'object')
    throw new Error(`${name}: expected [Identifier, [items...], {OutputKey: OutputValue}]; the reader expands literal collections only`);
  const copies: Record<string, unknown> = {};
  for (const item of collection) {
    const copy = expandForEach(substitute(fragment, identifier, String(item))) as Record<string, unknown>;
    for (const [key, value] of Object.entries(copy)) {
      if (key in copies) throw new Error(`${name}: makes ${key} twice`);
      copies[key] = value;
    }
  }
  return copies;
}

/** A value with every Fn::ForEach inside it expanded, loops inside loops included. */
export function expandForEach(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandForEach);
  if (value === null || typeof value !== 'object') return value;
  const expanded: Record<string, unknown> = {};
  const add = (key: string, inner: unknown) => {
    if (key in expanded) throw new Error(`Fn::ForEach makes ${key}, which the template already has`);
    expanded[key] = inner;
  };
  for (const [key, inner] of Object.entries(value)) {
    if (FOR_EACH.test(key)) for (const [made, copy] of Object.entries(expandLoop(key, inner))) add(made, copy);
    else add(key, expandForEach(inner));
  }
  return expanded;
}

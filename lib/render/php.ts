// serialize() alone, not the package's index, which also brings unserialize()'s parser: esbuild
// cannot drop it, and no answer runs it.
import serialize from 'php-serialize/lib/esm/serialize';
import type { Resource, ResourceShape } from '../resources/shape';
import { toObjectTree } from './json';

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

import type { Resource } from '../resources';
import { toPlainObject } from './plain';

export function renderJson(resource: Resource): string {
  return JSON.stringify(toPlainObject(resource));
}

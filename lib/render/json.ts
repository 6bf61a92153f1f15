import type { Resource } from '../resources/shape';
import { toPlainObject } from './plain';

export function renderJson(resource: Resource): string {
  return JSON.stringify(toPlainObject(resource));
}

import { type LocalStack, resolveValue } from './evaluate';
import type { Template } from './read';

/** The DynamoDB tables of the template, with their properties resolved for a local stack. */
export function tablesOf(template: Template, stack: LocalStack = {}): Array<{ id: string; properties: Record<string, any> }> {
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')
    .map(([id, resource]) => ({ id, properties: resolveValue(template, resource.Properties, stack) as Record<string, any> }));
}

/** The static lists' resources: the error catalogue's and the containers'. */
import { defineResource, ErrorShape, type ErrorValue } from './shape';

export interface ErrorListValue {
  readonly timestamp: number;
  readonly errors: readonly ErrorValue[];
}

export const ErrorListShape = /* @__PURE__ */ defineResource<ErrorListValue>({
  element: 'errors',
  phpClass: 'Errors',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'errors', kind: 'list', of: ErrorShape },
  ],
});

export interface TopicValue {
  readonly name: string;
  readonly short_name: string;
}

const TopicShape = /* @__PURE__ */ defineResource<TopicValue>({
  element: 'topic',
  phpClass: 'Topic',
  fields: [
    { name: 'name', kind: 'string', xml: 'attribute' },
    { name: 'short_name', kind: 'string', xml: 'attribute' },
  ],
});

export interface ContainerValue {
  readonly name: string;
  readonly short_name: string;
  readonly topics: readonly TopicValue[];
}

export const ContainerShape = /* @__PURE__ */ defineResource<ContainerValue>({
  element: 'container',
  phpClass: 'Container',
  fields: [
    { name: 'name', kind: 'string', xml: 'attribute' },
    { name: 'short_name', kind: 'string', xml: 'attribute' },
    { name: 'topics', kind: 'list', of: TopicShape },
  ],
});

export interface ContainerListValue {
  readonly timestamp: number;
  readonly containers: readonly ContainerValue[];
}

export const ContainerListShape = /* @__PURE__ */ defineResource<ContainerListValue>({
  element: 'containers',
  phpClass: 'Containers',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'containers', kind: 'list', of: ContainerShape },
  ],
});

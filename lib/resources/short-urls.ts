/** The short URLs' resources. */
import { defineResource } from './shape';

export interface ShortUrlValue {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
  readonly view_count: number;
}

const ShortUrlShape = /* @__PURE__ */ defineResource<ShortUrlValue>({
  element: 'shorturl',
  phpClass: 'ShortURL',
  fields: [
    { name: 'link', kind: 'string', xml: 'attribute' },
    { name: 'short_url', kind: 'string', xml: 'attribute' },
    { name: 'itemid', kind: 'int', xml: 'attribute' },
    { name: 'view_count', kind: 'int', xml: 'attribute' },
  ],
});

export interface ShortUrlListValue {
  readonly shorturls: readonly ShortUrlValue[];
  readonly timestamp: number;
  readonly total: number;
  readonly count: number;
  readonly offset: number;
}

export const ShortUrlListShape = /* @__PURE__ */ defineResource<ShortUrlListValue>({
  element: 'shorturls',
  phpClass: 'ShortURLs',
  fields: [
    { name: 'shorturls', kind: 'list', of: ShortUrlShape },
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'total', kind: 'int', xml: 'attribute' },
    { name: 'count', kind: 'int', xml: 'attribute' },
    { name: 'offset', kind: 'int', xml: 'attribute' },
  ],
});

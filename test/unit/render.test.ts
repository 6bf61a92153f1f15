/** docs/api.md, Arguments every endpoint takes: `type` from the Accept header — typeFromAccept as a pure function. */
import { typeFromAccept } from '../../lib/render';

test.each([
  // the four media types
  ['text/xml', 'xml'],
  ['application/json', 'json'],
  ['text/javascript', 'javascript'],
  ['application/php', 'php'],
  // highest q-value wins
  ['application/json;q=0.5, application/php', 'php'],
  ['application/json ; q=0.9, application/php ; q=0.95', 'php'],
  ['text/javascript;q=0.8, application/json;q=0.8, application/php;q=0.9', 'php'],
  ['image/png, application/php;q=0.3', 'php'],
  ['application/json;q=1.0', 'json'],
  ['application/json;charset=utf-8', 'json'],
  // ties go to the earlier of xml, json, javascript, php
  ['application/json, text/xml', 'xml'],
  ['application/php, text/javascript', 'javascript'],
  ['application/php, application/json', 'json'],
  ['application/php;q=0.4, text/javascript;q=0.4', 'javascript'],
  // wildcards
  ['*/*', 'xml'],
  ['text/*', 'xml'],
  ['application/*', 'json'],
  ['text/*;q=0.1, application/*;q=0.2', 'json'],
  ['application/*;q=0.1, text/*;q=0.2', 'xml'],
  // media types are case-insensitive
  ['APPLICATION/JSON', 'json'],
  ['Application/PHP', 'php'],
  // q=0 excludes; a more specific range overrides a wildcard
  ['text/xml;q=0, */*;q=0.1', 'json'],
  ['application/json;q=0, */*', 'xml'],
  ['application/json;q=0, application/*', 'php'],
  ['text/xml;q=0, application/json;q=0, text/javascript;q=0, application/php;q=0.001', 'php'],
  // nothing acceptable gives XML
  ['text/xml;q=0, application/json;q=0', 'xml'],
  ['text/xml;q=0, */*;q=0', 'xml'],
  ['text/html', 'xml'],
  ['text/html, image/*', 'xml'],
  ['garbage', 'xml'],
  [';;;,,,', 'xml'],
  ['application/json/extra', 'xml'],
  ['', 'xml'],
  // no Accept header at all
  [undefined, 'xml'],
])('Requests: Accept header %j gives %s', (accept, type) => {
  expect(typeFromAccept(accept)).toBe(type);
});

/**
 * Which links are the same link for a takedown (docs/api.md, Short URLs: Takedown): pairs written
 * from the rule, each compared as the service compares them (the link normalised as a creation
 * stores it, then its takedown form), never by the form itself.
 */
import { normaliseLink, sameLinkOf } from '../../lib/shorturls/link';

const HOST = { origin: new URL('https://sho.rt'), aliases: new Set<string>() };
const form = (link: string) => sameLinkOf(normaliseLink(link, HOST));

test.each([
  ['a fragment', 'https://x.test/page#section-2', 'https://x.test/page'],
  ['an empty fragment', 'https://x.test/page#', 'https://x.test/page'],
  ['an empty query', 'https://x.test/page?', 'https://x.test/page'],
  ['an empty query and a fragment', 'https://x.test/page?#top', 'https://x.test/page'],
  ['an escaped unreserved letter', 'https://x.test/%70age', 'https://x.test/page'],
  ['escaped unreserved marks and digits', 'https://x.test/a%2Db%2ec%5Fd%7Ee%31?q=%41', 'https://x.test/a-b.c_d~e1?q=A'],
  ["an escape's hex digits in lower case", 'https://x.test/a%2fb?q=%3d', 'https://x.test/a%2Fb?q=%3D'],
  ['the case of scheme and host', 'HTTPS://X.Test/page', 'https://x.test/page'],
  ['a final dot on the host', 'https://x.test./page', 'https://x.test/page'],
  ['a default port', 'https://x.test:443/page', 'https://x.test/page'],
  ['a default port of http', 'http://x.test:80/page', 'http://x.test/page'],
  ['an IPv4 address in another notation', 'http://0x0a.1.515/page', 'http://10.1.2.3/page'],
  ['an IPv4 address mapped in IPv6', 'http://[::ffff:10.1.2.3]/page', 'http://10.1.2.3/page'],
  ['an IPv6 address written out', 'http://[2001:0DB8:0000:0000:0000:0000:0000:0001]/', 'http://[2001:db8::1]/'],
])('%s is the same link', (_, spelling, link) => {
  expect(form(spelling)).toBe(form(link));
});

test.each([
  ['another path', 'https://x.test/page', 'https://x.test/other'],
  ["a path's case", 'https://x.test/page', 'https://x.test/Page'],
  ['another query', 'https://x.test/page?a=1', 'https://x.test/page?a=2'],
  ['a query at all', 'https://x.test/page?a', 'https://x.test/page'],
  ['an escaped reserved character', 'https://x.test/a%2Fb', 'https://x.test/a/b'],
  ['an escaped space and a plus', 'https://x.test/?q=a%20b', 'https://x.test/?q=a+b'],
  ['another scheme', 'http://x.test/page', 'https://x.test/page'],
  ['another port', 'https://x.test:8443/page', 'https://x.test/page'],
  ['a subdomain', 'https://www.x.test/page', 'https://x.test/page'],
  ['another address', 'http://10.1.2.4/page', 'http://10.1.2.3/page'],
])('%s is another link', (_, one, other) => {
  expect(form(one)).not.toBe(form(other));
});

/**
 * The outage test's bodies decoded by the real parser of each type (docs/testing.md, PHP's own unserialize()), an error told
 * from a resource, and the one short URL of an answer, its wrapper checked.
 */
import type { ResponseType } from '../../support/expect-error';
import { parseXml, runScript, unserializeAll, type XmlElement } from '../../support/parsers';
import type { ShortUrlValue } from '../../../lib/resources/short-urls';
import type { Exchange } from './requests';

/** What each distinct body decodes to with the real parser of its type (PHP: one php for all). */
export function decodeBodies(exchanges: readonly Exchange[]): Map<string, unknown> {
  const decoded = new Map<string, unknown>();
  const bodiesOf = (type: ResponseType) => [...new Set(exchanges.filter((e) => e.type === type).map((e) => e.response.body))];
  for (const body of bodiesOf('xml')) decoded.set(body, parseXml(body));
  for (const body of bodiesOf('json')) decoded.set(body, JSON.parse(body));
  for (const body of bodiesOf('javascript')) {
    const run = runScript(body, 'callback');
    expect([body.startsWith('/**/callback('), run.alerts, run.calls.length]).toEqual([true, [], 1]);
    decoded.set(body, run.calls[0]![0]);
  }
  const phpBodies = bodiesOf('php');
  unserializeAll(phpBodies).forEach((answer, i) => {
    expect([answer.error, answer.serialized]).toEqual([undefined, phpBodies[i]]);
    decoded.set(phpBodies[i]!, answer.value);
  });
  return decoded;
}

/** An error in any type: XML's <error>, else an object with `code` (the resources have none). */
export const isErrorValue = (type: ResponseType, value: unknown): boolean =>
  type === 'xml' ? (value as XmlElement).name === 'error' : Object.hasOwn(value as object, 'code');

/** The one entry of a Short URL list, in any type, with its wrapper checked. */
export function shortUrlOf(type: ResponseType, value: unknown): ShortUrlValue {
  if (type === 'xml') {
    const root = value as XmlElement;
    expect(root).toMatchObject({ name: 'shorturls', attributes: { total: '1', count: '1', offset: '0' }, children: [expect.anything()] });
    const { link, short_url, itemid, view_count } = root.children[0]!.attributes;
    return { link: link!, short_url: short_url!, itemid: Number(itemid), view_count: Number(view_count) };
  }
  const list = value as { __class?: string; shorturls: Array<ShortUrlValue & { __class?: string }>; total: number };
  expect([list.__class, list.total, list.shorturls.length]).toEqual([type === 'php' ? 'ServiceAPIShortURLs' : undefined, 1, 1]);
  const { __class, ...entry } = list.shorturls[0]!;
  expect(__class).toBe(type === 'php' ? 'ServiceAPIShortURL' : undefined);
  return entry;
}

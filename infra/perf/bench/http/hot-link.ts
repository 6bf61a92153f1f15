/**
 * A short link that goes viral, on the local stack: the short-link host's server (stack-server.ts
 * serving ShortApi, as `npm start` does) in a child process, and 500 clients visiting one new
 * link at once, again and again, for 10 s, from the bench's process (../../load/hot-link.ts, as
 * `npm run load` does it), on the bench's in-memory DynamoDB Local. What it reports: redirects a
 * second, the share of visits answered 301, and the views counted against the visits sent.
 */
import { hotLinkLine, visitHotLink, type HotLinkFigures } from '../../load/hot-link';
import type { ProjectDatabase } from '../setup/database';
import { beginSection, log } from '../report/output';
import { functionProcessEnv } from '../setup/project';
import { startServerProcess } from './server-process';
import type { StackServerMessage } from './stack-server';

const HOT_LINK = { connections: 500, seconds: 10 };
const SUBJECT = `RedirectFunction on the local stack, ${HOT_LINK.connections} clients on one link`;

export async function hotLinkSection(db: ProjectDatabase): Promise<HotLinkFigures> {
  const record = beginSection(
    'Hot link',
    `${HOT_LINK.connections} clients visit one new short link at once, again and again, for ${HOT_LINK.seconds} s, with autocannon, ` +
      "from the bench's process; the short-link host's server in a child process of its own",
  );
  const shortLinks: StackServerMessage = { api: 'ShortApi' };
  const server = await startServerProcess('infra/perf/bench/http/stack-server.ts', functionProcessEnv(), shortLinks);
  try {
    const { code } = (await db.service.create(`https://bench.test/hot/${Date.now()}`, async () => ({ release: async () => undefined })))
      .record;
    const figures = await visitHotLink(
      { url: `${server.url}/${code}`, views: async () => (await db.store.findByCode(code))?.view_count ?? 0 },
      HOT_LINK,
    );
    record({ name: 'hot link, redirects', subject: SUBJECT, median: figures.redirectsPerSecond, unit: 'requests/s' });
    record({ name: 'hot link, visits answered 301', subject: SUBJECT, median: figures.redirectShare, unit: 'ratio' });
    record({ name: 'hot link, views counted per visit sent', subject: SUBJECT, median: figures.viewsPerVisit, unit: 'ratio' });
    record({ name: 'hot link, latency', subject: SUBJECT, median: figures.p50Ms * 1e6, p99: figures.p99Ms * 1e6, unit: 'ns' });
    log(`${hotLinkLine(figures)}.`);
    log();
    return figures;
  } finally {
    await server.stop();
  }
}

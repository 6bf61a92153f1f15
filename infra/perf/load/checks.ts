/** After the run: only allowed answers, every redirect and hot-link visit counted once, one short URL per link, no half-written creation. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { auditShortUrls, type StoredShortUrl } from '../../ops/shorturls/consistency';
import type { Check } from '../report/run-report';
import type { ScenarioOutcome } from './drive';
import { type HotLinkFigures, hotLinkHeld, settled } from './hot-link';
import type { LoadSample } from './scenarios';

const viewsOf = (records: readonly StoredShortUrl[], codes: readonly string[]): number =>
  records.filter((record) => codes.includes(record.code)).reduce((sum, record) => sum + record.view_count, 0);

export function answerChecks(outcomes: readonly ScenarioOutcome[]): Check[] {
  return outcomes.map(({ scenario, result, unexpected, statuses }) => {
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    const failures = [...statuses].filter(([status]) => !scenario.expected.includes(status)).reduce((sum, [, n]) => sum + n, 0);
    const problems = [
      ...(result.errors ? [`${result.errors} connection errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
      ...(answered === 0 ? ['no answer at all'] : []),
      ...unexpected,
    ];
    const rateLimited = scenario.expected.includes(503) ? ', 503 only from the rate limiter' : '';
    return {
      name: `${scenario.name}: only the answers it allows (${scenario.expected.join(', ')}${rateLimited})`,
      pass: problems.length === 0,
      detail: problems.length ? `${failures} unexpected; ${problems.join('; ')}` : `${answered} answers`,
    };
  });
}

export async function checkAfterRun(
  outcomes: readonly ScenarioOutcome[],
  hotLink: HotLinkFigures,
  sample: LoadSample,
  documents: DynamoDBDocumentClient,
  shortUrlsTable: string,
): Promise<Check[]> {
  const ofRole = (role: string) => outcomes.filter((outcome) => outcome.scenario.role === role);
  const sent = ofRole('redirects').reduce((sum, outcome) => sum + outcome.result.requests.sent, 0);
  // Requests cut off when the time ran out still reach the server: their views land a moment later.
  const audit = await settled(
    () => auditShortUrls(documents, shortUrlsTable),
    (now) => viewsOf(now.records, sample.codes) >= sent,
  );
  const counted = viewsOf(audit.records, sample.codes);
  const answeredLinks = new Map<string, Set<string>>();
  for (const { shortUrls } of ofRole('creations'))
    for (const [link, urls] of shortUrls) answeredLinks.set(link, new Set([...(answeredLinks.get(link) ?? []), ...urls]));
  const split = [...answeredLinks].filter(([, urls]) => urls.size > 1).map(([link, urls]) => `${link}: ${[...urls].join(', ')}`);
  const created = [...answeredLinks.values()].reduce((sum, urls) => sum + urls.size, 0);
  return [
    ...answerChecks(outcomes),
    {
      name: 'every redirect sent is counted once in view_count',
      pass: counted === sent,
      detail: `${sent} sent, ${counted} counted over ${sample.codes.length} short URLs`,
    },
    {
      name: `a short link visited by ${hotLink.connections} clients at once: every visit answered 301, every visit counted once`,
      pass: hotLinkHeld(hotLink),
      detail: `${hotLink.statuses.get(301) ?? 0} of ${hotLink.answers} visits answered 301, ${hotLink.unanswered} unanswered, ${hotLink.viewsCounted} views counted for ${hotLink.sent} sent`,
    },
    {
      name: 'every link asked for again and again got one short URL',
      pass: split.length === 0 && created > 0,
      detail: split.length
        ? split.slice(0, 5).join('; ')
        : `${answeredLinks.size} links created, each always answered with its one short URL`,
    },
    {
      name: 'the short-URL table has no half-written or duplicated creation',
      pass: audit.problems.length === 0,
      detail: audit.problems.length
        ? audit.problems.slice(0, 5).join('; ')
        : `${audit.records.length} records, each with its deduplication entry and its own itemid`,
    },
  ];
}

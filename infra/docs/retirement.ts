/**
 * The reference page as `npm start` serves it while the API retires (docs/api.md, Retirement): it
 * follows the `api` group, answering 410 as a small HTML page when the group is retired or browned out.
 */
import type { Config } from '../../lib/config';
import { deprecationHeaders } from '../../lib/config';
import { htmlPage } from '../../lib/http/html-page';
import { sunsetHeader, verdict } from '../../lib/retirement-schedule';
import type { StaticFile, StaticFiles } from '../local/server';

const GROUPS = ['api'] as const;

/** `files` (by path) as the schedule of `config` has them answer at each request. */
export function retiringWithApi(files: ReadonlyMap<string, StaticFile>, config: Config): StaticFiles {
  const sunset = sunsetHeader(config.schedule, GROUPS);
  const headers = { ...deprecationHeaders(config), ...(sunset === undefined ? {} : { Sunset: sunset }) };
  return (path) => {
    const file = files.get(path);
    if (file === undefined) return undefined;
    const now = verdict(config.schedule, GROUPS, Date.now());
    if (now.answer === 'as usual') return { ...file, headers };
    const body = htmlPage('Gone', `The API and its reference are unavailable (${now.message}).`);
    return { statusCode: 410, contentType: 'text/html; charset=utf-8', headers, body };
  };
}

/**
 * The reference page as `npm start` serves it while the API retires (docs/api.md, Retirement):
 * /docs/ is a path of the API host, so it follows the `api` group. Once the group is retired, and
 * in its brownouts, each of its files answers 410 as every path of the host does then, but as a
 * small HTML page, since a browser asks for it, saying why in the API's words; every answer
 * carries the API's Deprecation, Link and Sunset.
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
    const text = `The API and its reference are unavailable (${now.message}).`;
    return {
      statusCode: 410,
      contentType: 'text/html; charset=utf-8',
      headers,
      body: htmlPage('Gone', text),
    };
  };
}

import type { Config } from '../config';

/**
 * What every answer says of the API's deprecation (docs/api.md, Headers), the short-link
 * host's included: `Deprecation` (RFC 9745) and, when configured, a `Link` to the replacement.
 */
export function deprecationHeaders(config: Config): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(config.deprecationDate.getTime() / 1000)}`,
    ...(config.deprecationLink ? { Link: `<${config.deprecationLink}>; rel="deprecation"; type="text/html"` } : {}),
  };
}

import { catalogueMessage, httpStatusFor } from './catalog/errors';

export interface ApiErrorOptions {
  /** Overrides the status of the catalogue mapping, as the rate limit's 503 does. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * A failure the client is told about: a catalogue code, optionally with a detail naming the
 * argument and its bound. Anything else thrown is a bug and is answered as error 500.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly code: number,
    readonly detail?: string,
    options: ApiErrorOptions = {},
  ) {
    const message = catalogueMessage(code);
    if (message === undefined) throw new RangeError(`${code} is not a catalogue code`);
    super(detail === undefined ? message : `${message}: ${detail}`);
    this.status = options.status ?? httpStatusFor(code);
    this.headers = options.headers ?? {};
  }
}

/** A setting a function cannot start with: the container stops, its log naming the setting (./config.ts). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

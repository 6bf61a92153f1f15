/**
 * The service's own failures: ApiError, the failure a client is told about, with the catalogue of
 * codes it carries (docs/api.md, Errors); and ConfigError, a setting a function cannot start with.
 */

/** The error catalogue: 30 entries in ascending code order. */
export const ERROR_CATALOGUE: ReadonlyArray<readonly [code: number, message: string]> = [
  [403, 'Forbidden'],
  [404, 'Not found'],
  [500, 'Internal error'],
  [1001, 'Unrecognized argument'],
  [1002, 'A service API request is missing the callback argument.'],
  [1003, 'A service API request has an invalid callback argument.'],
  [1005, 'Application key required'],
  [1006, 'Argument less than minimum value'],
  [1007, 'Argument greater than maximum value'],
  [1008, 'No such story'],
  [1009, 'Date/time range may not be more than 60 minutes'],
  [1010, 'That user has not commented on that story.'],
  [1011, 'No such comment for that story'],
  [1012, 'The story endpoint requires a title or numeric ID'],
  [1013, 'At most 100 stories may be requested by ID'],
  [1014, 'Unknown container or topic'],
  [1015, 'Invalid domain argument'],
  [1016, 'Invalid link argument'],
  [1017, 'Unrecognized sort argument'],
  [1018, 'Submit and promote date/time ranges may not be used together'],
  [1019, 'Promote date range may not specified for upcoming stories'],
  [1020, 'Date/time range may not be more than 30 days'],
  [1021, 'No such user'],
  [1022, 'That user is not a friend of that user'],
  [1023, 'That user is not befriended by that user'],
  [1024, 'Unrecognized period argument'],
  [1025, 'Unrecognized error code'],
  [1026, 'Invalid integer argument'],
  [1027, "At most 100 users' diggs or comments may be requested by username"],
  [1028, 'Invalid application key'],
];

const MESSAGES = new Map(ERROR_CATALOGUE);

export function catalogueMessage(code: number): string | undefined {
  return MESSAGES.get(code);
}

/** Codes that say "the thing asked for does not exist" (docs/api.md, Errors: status per code). */
const NOT_FOUND_CODES = new Set([404, 1008, 1011, 1014, 1021, 1025]);

/** The HTTP status the non-Javascript types answer with for a catalogue code. */
export function httpStatusFor(code: number): 403 | 404 | 500 {
  if (NOT_FOUND_CODES.has(code)) return 404;
  if (code === 500) return 500;
  return 403;
}

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

/** How much of a value a message repeats: enough to find it, not a long or hostile value whole. */
const QUOTED_LENGTH = 100;

/** A value as a message quotes it: JSON, cut to its first 100 characters (then followed by …). */
export const quoted = (text: string): string =>
  text.length <= QUOTED_LENGTH ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, QUOTED_LENGTH))}…`;

/** A setting a function cannot start with: the container stops, its log naming the setting (./config.ts). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

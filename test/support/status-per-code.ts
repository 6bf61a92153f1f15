/**
 * The HTTP status each catalogue code answers with (docs/api.md, Errors: status per code),
 * written out here rather than imported from lib/catalog, so that a change there fails the
 * tests. (Javascript answers 200 and carries this status in its object.)
 */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([404, 1008, 1011, 1014, 1021, 1025]);

export const statusFor = (code: number): number => (NOT_FOUND_CODES.has(code) ? 404 : code === 500 ? 500 : 403);

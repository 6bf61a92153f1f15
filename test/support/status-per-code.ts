/** The HTTP status of each catalogue code (docs/api.md, Errors), written here; Javascript answers 200 with it in its object. */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set([404, 1008, 1011, 1014, 1021, 1025]);

export const statusFor = (code: number): number => (NOT_FOUND_CODES.has(code) ? 404 : code === 500 ? 500 : 403);

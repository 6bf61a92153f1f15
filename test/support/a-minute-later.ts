/**
 * The functions' clock moved past the minute in which their block lists are fresh (docs/api.md,
 * Short URLs: "reach every running function within 60 s"): each move goes past the last, so that
 * every container's list is due again, as a minute later on Lambda.
 */

/** The takedown reach as docs/api.md states it. */
const REACH_MS = 60_000;

let ahead = 0;

export async function aMinuteLater<T>(then: () => Promise<T>): Promise<T> {
  ahead += REACH_MS + 1_000;
  const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + ahead);
  try {
    return await then();
  } finally {
    clock.mockRestore();
  }
}

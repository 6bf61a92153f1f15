/** The functions' clock moved past the minute their block lists stay fresh (docs/api.md, Short URLs), each move past the last. */

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

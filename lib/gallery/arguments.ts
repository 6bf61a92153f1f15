import { ApiError } from '../errors';
import { choiceArgument, integerArgument, parseIdList, parseInteger } from '../http/arguments';
import { MAX_DATE } from './items';
import { SORTS } from './order';

/** The query arguments of every gallery endpoint (spec 4.4; decisions.md, Requests). */
export const GALLERY_ARGUMENTS = {
  min_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  max_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  sort: choiceArgument(SORTS, 'submit_date-desc', 1017),
  count: integerArgument({ min: 1, max: 100, fallback: 10 }),
  offset: integerArgument({ min: 0, fallback: 0 }),
};

/** A photo or comment id in a path: a positive plain decimal integer, else 1026. */
export function parseId(raw: string, name: string): number {
  const id = parseInteger(raw, name);
  if (id < 1) throw new ApiError(1026, name);
  return id;
}

/** An id list in a path: at most 100 distinct ids (1007 past that). */
export const parseIds = (raw: string, name: string): number[] => parseIdList(raw, name, 100);

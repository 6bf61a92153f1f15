import { choiceArgument, integerArgument } from '../http/arguments';
import { MAX_DATE } from './layout';
import { SORTS } from './order';

/** A page's size when `count` is not given. */
export const DEFAULT_COUNT = 10;

/** The query arguments of every gallery endpoint (docs/api.md, The gallery's arguments). */
export const GALLERY_ARGUMENTS = {
  min_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  max_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  sort: choiceArgument(SORTS, 'submit_date-desc', 1017),
  count: integerArgument({ min: 1, max: 100, fallback: DEFAULT_COUNT }),
  offset: integerArgument({ min: 0, fallback: 0 }),
};

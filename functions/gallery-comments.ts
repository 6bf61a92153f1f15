import { commentEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphotos/comments: the comments of the date window. */
export const handler = commentEndpoint((g, args, _path, now, signal) => g.comments(args, now, signal));

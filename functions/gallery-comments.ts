import { commentEndpoint } from '../lib/gallery/endpoint';

/** GET /galleryphotos/comments: the comments of the date window. */
export const handler = commentEndpoint((g, args, _path, now, signal) => g.comments(args, now, signal));

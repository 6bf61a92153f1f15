import { commentEndpoint } from '../lib/gallery/endpoint';

/** GET /galleryphotos/{list}/comments: every comment of these photos. */
export const handler = commentEndpoint((g, args, path, now) => g.commentsOfPhotos(path.list(), args, now));

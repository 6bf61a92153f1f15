import { commentEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphotos/{list}/comments: every comment of these photos. */
export const handler = commentEndpoint((g, args, path, now, signal) => g.commentsOfPhotos(path.list(), args, now, signal));

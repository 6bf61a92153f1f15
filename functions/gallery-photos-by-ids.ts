import { photoEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphotos/{list}: the photos with these ids (100 at most). */
export const handler = photoEndpoint((g, args, path, now, signal) => g.photosByIds(path.list(), args, now, signal));

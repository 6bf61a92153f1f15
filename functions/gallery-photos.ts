import { photoEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphotos: the photos of the date window. */
export const handler = photoEndpoint((g, args, _path, now, signal) => g.photos(args, now, signal));

import { photoEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphoto/{id}: one photo, in the gallery wrapper. */
export const handler = photoEndpoint((g, args, path, now, signal) => g.photo(path.id(), args, now, signal));

import { commentEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphoto/{id}/comments: the top-level comments of one photo. */
export const handler = commentEndpoint((g, args, path, now, signal) => g.topLevelComments(path.id(), args, now, signal));

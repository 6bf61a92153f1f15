import { commentEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphoto/{id}/comment/{comment_id}: one comment of a photo. */
export const handler = commentEndpoint((g, args, path, now, signal) => g.comment(path.id(), path.commentId(), args, now, signal));

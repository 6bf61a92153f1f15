import { commentEndpoint } from '../lib/gallery/wiring';

/** GET /galleryphoto/{id}/comment/{comment_id}/replies: one level of replies to a comment. */
export const handler = commentEndpoint((g, args, path, now, signal) => g.replies(path.id(), path.commentId(), args, now, signal));

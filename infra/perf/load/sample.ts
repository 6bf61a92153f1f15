/** What the scenarios address, found through the API before the run: photos, a thread, short URLs for the redirects and the hot link. */
import { randomUUID } from 'node:crypto';
import type { Origins } from './drive';
import { typedPath } from '../bench/project';
import type { LoadSample } from './scenarios';

const SHORT_URLS_VISITED = 20;
const LINKS_CREATED = 30;

async function getJson(origin: string, path: string): Promise<any> {
  const response = await fetch(`${origin}${typedPath(path, 'json')}`).catch((error: Error) => {
    throw new Error(`GET ${path} failed: ${(error.cause as Error | undefined)?.message ?? error.message}`);
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 200)}`);
  return JSON.parse(body);
}

async function findThread(api: string): Promise<LoadSample['thread']> {
  for (let offset = 0; offset < 1000; offset += 100) {
    const { comments } = await getJson(api, `/galleryphotos/comments?count=100&offset=${offset}`);
    const replied = (comments as Array<{ id: number; story: number; replies: number }>).find((comment) => comment.replies > 0);
    if (replied) return { photoId: replied.story, commentId: replied.id };
    if (comments.length < 100) break;
  }
  throw new Error('the gallery holds no comment with replies in its last 30 days: is the sample loaded?');
}

export async function viewsOf(api: string, code: string): Promise<number> {
  const { shorturls } = await getJson(api, `/url/short/${code}`);
  return shorturls[0].view_count;
}

export async function findSample(origins: Origins): Promise<LoadSample> {
  const { photos } = await getJson(origins.api, '/galleryphotos?count=100');
  if (photos.length < 3)
    throw new Error(`the gallery's last 30 days hold ${photos.length} photos, the load needs 3: is the sample loaded?`);
  const run = randomUUID();
  const create = async (link: string): Promise<string> => {
    const { shorturls } = await getJson(origins.api, `/url/short/create?url=${encodeURIComponent(link)}`);
    return new URL(shorturls[0].short_url).pathname.slice(1);
  };
  const codes: string[] = [];
  for (let i = 0; i < SHORT_URLS_VISITED; i++) codes.push(await create(`https://www.example.org/load/${run}/visited/${i}`));
  return {
    photoIds: (photos as Array<{ id: number }>).map((photo) => photo.id),
    thread: await findThread(origins.api),
    codes,
    hotCode: await create(`https://www.example.org/load/${run}/hot`),
    links: Array.from({ length: LINKS_CREATED }, (_, i) => `https://www.example.org/load/${run}/created/${i}`),
  };
}

/**
 * Real answers held to docs/openapi.yaml: a request with data of its own for every API path (a
 * gallery window, a photo, a comment, a short URL), and the check that an answer is what the
 * document declares for its path and status (body schema, headers).
 */
import { randomUUID } from 'node:crypto';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { claimRange, DAY, GalleryData } from './gallery-fixtures';
import { invoke, withKey, type Invocation } from './invoke';
import { deref, doc, type Json } from './openapi-document';

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The whole document as one schema resource, so that `#/components/schemas/...` resolves.
ajv.addSchema({ ...doc, $id: 'https://local.test/openapi.json' });

/** A validator of `schema`, its `$ref` resolved within the document. */
export function validatorFor(schema: Json) {
  const resolved = schema.$ref ? { $ref: `https://local.test/openapi.json${schema.$ref}` } : schema;
  return ajv.compile(resolved);
}

/** The document's response object for `path` and `status`. */
function documented(path: string, status: number): Json {
  const operation = doc.paths[path]?.get;
  if (!operation) throw new Error(`no GET ${path} in the document`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`GET ${path} documents no ${status}`);
  return deref(response);
}

/** Asserts `answer` (JSON type) is what the document declares for `path` and its status. */
export function expectDocumented(path: string, answer: Invocation): Json {
  const response = documented(path, answer.statusCode);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body);
  const validate = validatorFor(response.content['application/json'].schema);
  const valid = validate(body);
  expect([path, answer.statusCode, validate.errors ?? []]).toEqual([path, answer.statusCode, []]);
  expect(valid).toBe(true);
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    const definition = deref(header);
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      expect([path, name, definition.required === true]).toEqual([path, name, false]);
      continue;
    }
    const schema = definition.schema;
    const checked = schema.type === 'integer' ? Number(value) : value;
    const validateHeader = validatorFor(schema);
    expect([path, name, value, validateHeader(checked)]).toEqual([path, name, value, true]);
  }
  return body;
}

export const enc = encodeURIComponent;
/** An app key and client address of their own: rate-limit windows nobody else shares. */
export const newClient = () => {
  const id = randomUUID();
  return { appkey: `http://t-${id}.app/`, sourceIp: `fd00:${id.replace(/-/g, '').slice(0, 28).match(/.{4}/g)!.join(':')}` };
};

export type Sample = { path: string; ok: () => string; error?: () => readonly [target: string, code: number, status: number] };

/** The data the samples read, set in beforeAll: the window's start, a photo, its comment, a short URL's code. */
export type SampleData = { start: number; photoId: number; commentId: number; shortCode: string };

/** Registers the hooks that store (and remove) the samples' data; the samples, and the data once stored. */
export function sampleRequests(): { data: SampleData; samples: readonly Sample[]; sampleOf: (path: string) => Sample } {
  const gallery = new GalleryData();
  const data: SampleData = { start: 0, photoId: 0, commentId: 0, shortCode: '' };

  beforeAll(async () => {
    data.start = await claimRange(3 * DAY, { years: [2003, 2005] });
    const photo = gallery.photo(data.start + 3600, { digg_count: 4 });
    gallery.photo(data.start + 7200);
    const comment = gallery.comment(photo, data.start + 4000, { up: 2 });
    gallery.reply(comment, data.start + 5000);
    await gallery.save();
    data.photoId = photo.id;
    data.commentId = comment.id;
    const client = newClient();
    const created = await invoke(
      `/url/short/create?appkey=${enc(client.appkey)}&type=json&url=${enc(`https://news.test/${randomUUID()}`)}`,
      {
        sourceIp: client.sourceIp,
      },
    );
    expect(created.statusCode).toBe(200);
    data.shortCode = String(JSON.parse(created.body).shorturls[0].short_url).split('/').pop()!;
  });

  afterAll(() => gallery.remove());

  /** A request with the samples' data (the window's START and END, its PHOTOS, a PHOTO, a COMMENT, a short URL's CODE, a new URL), in JSON. */
  const fill = (target: string): string => {
    const [photos, url] = [gallery.photos.map((p) => p.id).join(','), enc(`https://news.test/${randomUUID()}`)];
    const { start, photoId, commentId, shortCode } = data;
    const tokens = { START: start, END: start + 2 * DAY, PHOTOS: photos, PHOTO: photoId, COMMENT: commentId, CODE: shortCode, URL: url };
    const filled = target.replace(/START|END|PHOTOS|PHOTO|COMMENT|CODE|URL/g, (token) => String(tokens[token as keyof typeof tokens]));
    return filled.includes('?') ? filled.replace('?', '?type=json&') : `${filled}?type=json`;
  };
  /** A path's successful request (without the app key; without one it is error 1005) and a second error request, sent with the key. */
  const sample = (path: string, ok: string, error?: readonly [string, number, number]): Sample => ({
    path,
    ok: () => fill(ok),
    ...(error && { error: () => [withKey(fill(error[0])), error[1], error[2]] as const }),
  });

  const SAMPLES: readonly Sample[] = [
    sample('/errors', '/errors'),
    sample('/error/{code}', '/error/1005', ['/error/9999', 1025, 404]),
    sample('/containers', '/containers', ['/containers?foo=1', 1001, 403]),
    sample('/container/{short_name}', '/container/science', ['/container/nope', 1014, 404]),
    sample('/galleryphotos', '/galleryphotos?min_submit_date=START&max_submit_date=END&sort=digg_count-desc', [
      '/galleryphotos?count=101',
      1007,
      403,
    ]),
    sample('/galleryphotos/{list}', '/galleryphotos/PHOTOS?count=1&offset=1', ['/galleryphotos/1,x', 1026, 403]),
    sample('/galleryphoto/{id}', '/galleryphoto/PHOTO', ['/galleryphoto/1', 404, 404]),
    sample('/galleryphotos/comments', '/galleryphotos/comments?min_submit_date=START', ['/galleryphotos/comments?sort=up', 1017, 403]),
    sample('/galleryphotos/{list}/comments', '/galleryphotos/PHOTOS/comments', ['/galleryphotos/PHOTO,1/comments', 404, 404]),
    sample('/galleryphoto/{id}/comments', '/galleryphoto/PHOTO/comments', ['/galleryphoto/1/comments', 404, 404]),
    sample('/galleryphoto/{id}/comment/{comment_id}', '/galleryphoto/PHOTO/comment/COMMENT', ['/galleryphoto/PHOTO/comment/1', 404, 404]),
    sample('/galleryphoto/{id}/comment/{comment_id}/replies', '/galleryphoto/PHOTO/comment/COMMENT/replies', [
      '/galleryphoto/1/comment/COMMENT/replies',
      404,
      404,
    ]),
    sample('/url/short/create', '/url/short/create?url=URL', ['/url/short/create?url=ftp%3A%2F%2Fx', 1016, 403]),
    sample('/url/short/{short_url}', '/url/short/CODE', ['/url/short/zzzzzzz', 404, 404]),
  ];
  return { data, samples: SAMPLES, sampleOf: (path: string): Sample => SAMPLES.find((sample) => sample.path === path)! };
}

/** The sample's request with the response type `type` instead of JSON. */
export const inType = (target: string, type: string): string => target.replace('type=json', `type=${type}`);

/**
 * Control characters, invalid UTF-8 and lengths in every position: control characters in values,
 * names, path segments and Accept; the three kinds of invalid UTF-8 (bytes never valid, an overlong
 * form, an encoded surrogate) in every position of every route and type; 10 000-character values;
 * and values ten to a hundred times longer than API Gateway lets through, which must get the same
 * answers at once. The checks are those of test/support/hostile-input/check.ts.
 */
import fc from 'fast-check';
import { assertHostileRequests, checkRequest, type PendingPhp, TIMEOUT, verifyPhp } from '../../support/hostile-input/check';
import { decodeSegment, type WireRequest } from '../../support/hostile-input/requests';
import { useGallerySeeds } from '../../support/hostile-input/seeds';
import { GALLERY_ARGUMENTS } from '../../support/hostile-input/rules';
import {
  controlText,
  controlWire,
  hostileWire,
  longText,
  percentEncode,
  rawEncode,
  sometimesLong,
} from '../../support/hostile-input/strings';
import {
  acceptWire,
  appkeyWire,
  argument,
  callbackWire,
  KEY,
  KEY_ARGUMENT,
  nameWire,
  optional,
  PATHS,
  pathWire,
  requests,
  segmentWire,
  TYPE_CHOICES,
  typeValue,
  typeWire,
  validCallback,
} from '../../support/hostile-input/wire';
import { APP_KEY } from '../../support/invoke';

jest.setTimeout(TIMEOUT);
const controlsAfter = (prefix: string, encode: (text: string) => string) => controlText.map((t) => encode(prefix + t));
const asAccept = (accept: string) => ({ accept });
const get = (path: string, query: string[], accept?: string): WireRequest => ({ method: 'GET', path, query, accept });

describe('hostile input: control characters, invalid UTF-8 and very long values', () => {
  useGallerySeeds();

  it('control characters in values, names, path segments and Accept', async () => {
    const controls = fc.oneof(controlWire, controlsAfter('json', rawEncode), controlsAfter('cb', percentEncode));
    const arb = requests({
      path: pathWire(controlWire.filter((s) => s !== '')),
      args: [
        optional(argument(fc.constant('appkey'), fc.oneof(fc.constant(KEY), controls, controlsAfter(APP_KEY, rawEncode)))),
        optional(argument(fc.constant('type'), fc.oneof(typeValue, controls))),
        optional(argument(fc.constant('callback'), fc.oneof(validCallback, controls))),
      ],
      extra: argument(fc.oneof(controlWire, controlsAfter('type', rawEncode)), controlWire),
      accept: fc.oneof(acceptWire, controlText.map(asAccept)),
    });
    await assertHostileRequests(arb, 200);
  });

  it('very long (10 000-character) values, names, path segments and Accept headers', async () => {
    const arb = requests({
      path: pathWire(sometimesLong(segmentWire)),
      args: [
        optional(argument(fc.constant('appkey'), sometimesLong(appkeyWire))),
        optional(argument(fc.constant('type'), sometimesLong(typeWire))),
        optional(argument(fc.constant('callback'), sometimesLong(callbackWire))),
      ],
      extra: argument(sometimesLong(nameWire), sometimesLong(hostileWire)),
      maxExtra: 2,
      accept: fc.oneof(acceptWire, longText.map(asAccept)),
    });
    await assertHostileRequests(arb, 200);
  });

  it('invalid UTF-8 (bytes never valid, an overlong form, an encoded surrogate), in every position of every route and type', async () => {
    const pendingPhp: PendingPhp[] = [];
    for (const bytes of ['%FF%FE', '%C0%80', '%ED%A0%80']) {
      for (const route of PATHS) {
        for (const type of TYPE_CHOICES) {
          const base = [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb'];
          const variants: WireRequest[] = [
            get(route, [`appkey=${bytes}`, ...base.slice(1)]),
            get(route, [...base.filter((a) => !a.startsWith('callback')), `callback=${bytes}`]),
            get(route, [...base, `${bytes}=1`]),
            get(route, [...base, `x=${bytes}`]),
            get(`${route.replace(/\/[^/]*$/, '')}/${bytes}`, base),
            get(route, base.filter((a) => !a.startsWith('type')).concat(`type=${bytes}`)),
            // Gallery routes: in each argument, and in each id of the path.
            ...(route.startsWith('/gallery')
              ? [
                  ...GALLERY_ARGUMENTS.map((name) => get(route, [...base, `${name}=${bytes}`])),
                  ...[...route.matchAll(/[0-9]+/g)].map((m) =>
                    get(route.slice(0, m.index) + bytes + route.slice(m.index + m[0].length), base),
                  ),
                ]
              : []),
          ];
          for (const request of variants) await checkRequest(request, pendingPhp);
        }
      }
    }
    await verifyPhp(pendingPhp);
    expect(pendingPhp.length).toBeGreaterThan(0);
  });

  // API Gateway refuses a request whose request line and headers pass 10 240 bytes (its HTTP API
  // quota), and Node one whose head passes 16 KiB, so the properties' 10 000-character values
  // (up to 60 000 bytes percent-encoded) already lie past what a deployed function is sent. A
  // function can still be invoked otherwise (the console, the CLI, a test event); these values,
  // ten and a hundred times longer, must get the same answers, and at once: any work growing
  // faster than the input would take minutes here.
  it('values far past what API Gateway lets through (100 000 characters, a 1 MB query) get the same answers, at once', async () => {
    const pendingPhp: PendingPhp[] = [];
    const huge = ['x'.repeat(100_000), '%FF'.repeat(100_000), percentEncode('<é>\u0000\u2028'.repeat(20_000)), '9'.repeat(100_000)];
    let n = 0;
    // Each position of each route once, the values in turn, the types in turn.
    const next = (): [string, string[]] => {
      const type = TYPE_CHOICES[n % TYPE_CHOICES.length];
      return [huge[n++ % huge.length]!, [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb']];
    };
    const requestsOf: WireRequest[] = [];
    for (const path of [...PATHS, '/url/short/create', '/url/short/AbC1234']) {
      const own = path.startsWith('/gallery') ? GALLERY_ARGUMENTS : path === '/url/short/create' ? ['url'] : [];
      const positions: Array<(value: string, base: string[]) => WireRequest> = [
        (value, base) => get(path, [`appkey=${value}`, ...base.slice(1)]),
        (value) => get(path, [KEY_ARGUMENT, `type=${value}`]),
        (value) => get(path, [KEY_ARGUMENT, 'type=javascript', `callback=${value}`]),
        (value, base) => get(path, [...base, `${value}=1`]),
        (value, base) => get(path, [...base, `x=${value}`]),
        (value, base) =>
          get(
            path,
            base.filter((a) => !a.startsWith('type=')),
            decodeSegment(value),
          ),
        ...own.map((name) => (value: string, base: string[]) => get(path, [...base, `${name}=${value}`])),
      ];
      // Each path parameter: codes, names, ids and id lists.
      for (const m of path.matchAll(/\/(?:[0-9][0-9,]*|technology|AbC1234)(?=\/|$)/g)) {
        positions.push((value, base) => get(`${path.slice(0, m.index)}/${value}${path.slice(m.index + m[0].length)}`, base));
      }
      for (const position of positions) requestsOf.push(position(...next()));
    }
    const list = `${'1,'.repeat(50_000)}1`;
    // Id lists of 50 001 ids; a 1 MB query: 250 000 arguments, or one value of a million bytes; an Accept header of 1 MB.
    requestsOf.push(
      get(`/galleryphotos/${list}`, [KEY_ARGUMENT]),
      get(`/galleryphotos/${list}/comments`, [KEY_ARGUMENT]),
      get('/errors', [KEY_ARGUMENT, 'type=json', ...Array<string>(250_000).fill('a=1')]),
      get('/galleryphotos', [KEY_ARGUMENT, 'type=php', `count=${'%C0%AF'.repeat(170_000)}`]),
      get('/containers', [KEY_ARGUMENT], 'text/x;q=0.1, '.repeat(75_000)),
    );
    for (const request of requestsOf) await checkRequest(request, pendingPhp);
    await verifyPhp(pendingPhp);
    expect(pendingPhp.length).toBeGreaterThan(10);
  });
});

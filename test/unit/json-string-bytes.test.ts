/**
 * lib/http/respond.ts's jsonStringBytes counts what JSON.stringify writes: the oracle is the runtime's own
 * JSON.stringify, measured in UTF-8, over strings of any UTF-16 code units (lone surrogates too).
 */
import fc from 'fast-check';
import { jsonStringBytes } from '../../lib/http/respond';

const written = (text: string): number => Buffer.byteLength(JSON.stringify(text));

test.each([
  ['', 2],
  ['a', 3],
  ['"', 4],
  ['\\', 4],
  ['\n', 4],
  ['\u0001', 8],
  ['\u001f', 8],
  ['\u007f', 3],
  ['é', 4],
  ['中', 5],
  ['😀', 6],
  ['\ud800', 8],
  ['\udc00\ud800', 14],
  ['\ud800a', 9],
])('%j is %i bytes as JSON writes it', (text, bytes) => {
  expect(jsonStringBytes(text)).toBe(bytes);
  expect(written(text)).toBe(bytes);
});

test('any string of UTF-16 code units: the bytes JSON.stringify writes', () => {
  const unit = fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0xd7f0, max: 0xe010 }), fc.integer({ min: 0, max: 0xffff }));
  const text = fc.array(unit, { maxLength: 64 }).map((units) => String.fromCharCode(...units));
  fc.assert(
    fc.property(fc.oneof(text, fc.string({ unit: 'binary' })), (s) => jsonStringBytes(s) === written(s)),
    { numRuns: 2_000 },
  );
});

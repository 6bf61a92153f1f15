/** Hostile strings in their wire form: bytes that are no UTF-8, any code point, controls, injections, long values. */
import fc from 'fast-check';

/** A list of spellings written as words (none holds white space). */
export const words = (text: string): string[] => text.trim().split(/\s+/);
export const anyWord = (text: string): fc.Arbitrary<string> => fc.constantFrom(...words(text));
type Choice<T> = fc.Arbitrary<T> | readonly T[];
/** fc.oneof of weighted choices; a list is fc.constantFrom of it. */
export const weighted = <T>(...choices: ReadonlyArray<readonly [number, Choice<T>]>): fc.Arbitrary<T> =>
  fc.oneof(
    ...choices.map(([weight, choice]) => ({
      weight,
      arbitrary: Array.isArray(choice) ? fc.constantFrom(...choice) : (choice as fc.Arbitrary<T>),
    })),
  );

export const hex = (byte: number): string => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Every UTF-8 byte but the unreserved ones percent-encoded (a lone surrogate goes as U+FFFD). */
export const percentEncode = (text: string): string =>
  encodeURIComponent(text.toWellFormed()).replace(/[!'()*]/g, (c) => hex(c.charCodeAt(0)));
/** Every UTF-8 byte percent-encoded, letters and digits included. */
export const fullyEncode = (text: string): string => Array.from(Buffer.from(text, 'utf8'), hex).join('');
/** Only what would change the request's structure encoded: controls, non-ASCII, lone surrogates go raw. */
export const rawEncode = (text: string): string => text.replace(/[%&=+#?/]/g, (c) => hex(c.charCodeAt(0)));
export const encoded = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, fc.boolean()).map(([t, raw]) => (raw ? rawEncode(t) : percentEncode(t)));

/**
 * No UTF-8: invalid bytes, overlong forms (of NUL, `/` and `../`), lone surrogates, sequences cut short, code
 * points past U+10FFFF, stray continuation bytes, broken escapes; with noncharacters and the last code point.
 */
const INVALID_UTF8 = words(`%FF%FE %FE %C0%80 %C0%AF %E0%80%AF %F0%80%80%AF %C1%BF %C0%AE%C0%AE%C0%AF %ED%A0%80 %ED%B0%80
  %ED%BF%BF %ED%A0%BD%ED%B8%80 %F8%88%80%80%80 %E0%80 %C3 %E2%82 %E2%82a %F0%9F%98 %F4%90%80%80 %80%80 %EF%BF%BE
  %F4%8F%BF%BF % %G1 %%41 %u0041`);
const byte = fc.oneof(fc.nat(255).map(hex), fc.constantFrom(...INVALID_UTF8), anyWord('a Z 0 . - ~ _'));
export const byteWire = fc.array(byte, { minLength: 1, maxLength: 24 }).map((parts) => parts.join(''));

// fast-check's 'binary' unit (U+0000 to U+10FFFF less the surrogates), its index computed rather than looked up (seconds a file).
const SURROGATES = 0xe000 - 0xd800;
const binary = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= 0xd800 && code < 0xe000))
      throw new Error('not a code point');
    return code < 0xd800 ? code : code - SURROGATES;
  },
);
/** Any code point, lone surrogates included. */
const anyCharacter = weighted<string>(
  [9, fc.string({ unit: binary, minLength: 1, maxLength: 1 })],
  [1, fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))],
);
export const unicodeText = fc.string({ unit: anyCharacter, minLength: 1, maxLength: 24 });
const CONTROLS = [...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)), '\u007f', '\u0085', '\u2028', '\u2029'];
export const controlText = fc
  .array(fc.oneof(fc.constantFrom(...CONTROLS), fc.constantFrom('a', 'b', '<', '>', '"', "'", '&', ' ')), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));
export const controlWire = encoded(controlText);

export const INJECTIONS = [
  ...words(`alert(1)// a;b a.b. .a a..b 1a a-b </script> <script>alert(1)</script> ñame λ café Ωmega ǅ a=b a&b "><x>
    ';alert(1);// \${x} \`x\` (function(){})() a.b(1) a[0] ]]><!-- &amp; &#0; O:8:"stdClass":0:{} s:1:"a"; {"code":1}`),
  ...['a\u2028b', 'a'.repeat(200), 'b'.repeat(129), `${'c.'.repeat(64)}c`, '\u{1D49C}x', 'a\u0000b', '\uFEFFa', 'a b', ' a', 'a '],
];
export const injectionWire = encoded(fc.constantFrom(...INJECTIONS));
export const hostileWire = fc.oneof(byteWire, encoded(unicodeText), controlWire, injectionWire);

/** A 10 000-character string: a short random pattern repeated. */
export const longText = fc
  .oneof(fc.string({ unit: anyCharacter, minLength: 1, maxLength: 3 }), fc.constantFrom('a', '<', '%', '\u0000', 'é', '😀', '&', '"'))
  .map((pattern) => pattern.repeat(Math.ceil(10_000 / pattern.length)).slice(0, 10_000));
export const longWire = fc.oneof(encoded(longText), fc.constantFrom('%FF'.repeat(10_000), 'a'.repeat(10_000)));
export const sometimesLong = (normal: fc.Arbitrary<string>) => fc.oneof(normal, longWire);

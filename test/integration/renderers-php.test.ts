/**
 * The PHP renderer (docs/api.md, Bodies) read by PHP's own unserialize(): the class prefix, and
 * strings (multi-byte UTF-8, lone surrogates) whose lengths are counted in bytes as PHP counts them.
 */
import { renderPhp } from '../../lib/render/bodies';
import { ErrorShape, resource } from '../../lib/resources/shape';
import { expectPhpFaithful, expectTree, type Rec } from '../support/render-checks';
import { renderBody, samples, stringInEveryPlacement } from '../support/render-samples';
import { type PhpAnswer, unserializeAll } from '../support/parsers';

describe('pitfall (e): the PHP class prefix', () => {
  const cases = samples().map((sample) => ({ ...sample, body: renderPhp(sample.resource, 'DiggAPI') }));
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    answers = unserializeAll(cases.map((sample) => sample.body));
  });

  test.each(cases.map((sample, index) => [sample.name, index] as const))('%s with prefix DiggAPI unserializes in PHP', (_name, index) => {
    const sample = cases[index]!;
    const value = expectPhpFaithful(answers[index], sample.body);
    expectTree(sample.resource.shape, sample.resource.value, value, 'DiggAPI');
  });

  test('class names carry the prefix', () => {
    expect(cases[0]!.body.startsWith('O:12:"DiggAPIError":2:{')).toBe(true);
    expect((answers[0]!.value as Rec).__class).toBe('DiggAPIError');
    const galleryIndex = cases.findIndex((sample) => sample.name === 'Gallery with max_date');
    expect((answers[galleryIndex]!.value as Rec).__class).toBe('DiggAPIGallery');
  });
});

describe('pitfall (f): multi-byte UTF-8 and lone surrogates in PHP strings', () => {
  const wellFormed = [
    'naïve café',
    'Ünïcödé ß',
    '日本語のタイトル',
    '한국어',
    '😀👍🏽🇩🇪',
    'e\u0301',
    '\u2028\u2029',
    'x"y;z}',
    'nul\u0000byte',
  ];
  const lone = ['\uD800', 'a\uDC00b', 'x\uD83D', '\uDE00y', '😀\uD800😀'];
  const cases = [...wellFormed, ...lone].flatMap((text) =>
    stringInEveryPlacement(text).map((subject) => ({ text, subject, body: renderBody('php', subject, '') })),
  );
  let answers: PhpAnswer[] = [];
  beforeAll(() => {
    answers = unserializeAll(cases.map((sample) => sample.body));
  });

  test.each(cases.map((sample, index) => [sample.text, sample.subject.shape.phpClass, index] as const))(
    '%j in %s: PHP unserializes it and re-serializes the same bytes',
    (text, _class, index) => {
      const sample = cases[index]!;
      const value = expectPhpFaithful(answers[index], sample.body, text.isWellFormed());
      // On the wire a lone surrogate is U+FFFD (3 bytes in UTF-8); PHP reads exactly that.
      expectTree(sample.subject.shape, sample.subject.value, value, 'ServiceAPI', (s) => s.toWellFormed());
    },
  );

  test('string lengths are counted in UTF-8 bytes', () => {
    expect(renderBody('php', resource(ErrorShape, { code: 1, message: 'é中😀' }), '')).toContain('s:7:"message";s:9:"é中😀";');
  });
});

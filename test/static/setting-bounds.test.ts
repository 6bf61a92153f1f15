/**
 * The parameters refuse before a deploy what the functions would refuse at start-up, with the bounds
 * docs/deploy.md (Settings) states.
 */
import { loadTemplate } from '../../infra/template/read';

const parameters = loadTemplate().Parameters as Record<string, Record<string, unknown>>;

test.each([
  ['RateLimitPerAppKey', 1, 5_000],
  ['RateLimitPerClientIp', 1, 5_000],
  ['RateLimitWindowSeconds', 1, 86_400],
])('%s: from %d to %d', (name, least, most) => {
  expect(parameters[name]).toMatchObject({ Type: 'Number', MinValue: least, MaxValue: most });
});

test('PhpClassPrefix: an ASCII PHP identifier of 1 to 64 characters', () => {
  const pattern = new RegExp(String(parameters.PhpClassPrefix!.AllowedPattern));
  for (const taken of ['ServiceAPI', 'DiggAPI', '_', `A${'b'.repeat(63)}`]) expect(pattern.test(taken)).toBe(true);
  for (const refused of ['', '1API', 'Service-API', 'Ünï', `A${'b'.repeat(64)}`]) expect(pattern.test(refused)).toBe(false);
});

test('DeprecationLink: at most 2 048 characters', () => {
  expect(parameters.DeprecationLink).toMatchObject({ MaxLength: 2_048 });
});

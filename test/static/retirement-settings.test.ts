/**
 * The retirement settings in template.yaml (docs/api.md, Retirement; docs/deploy.md, Settings): a parameter
 * each, empty by default, given to every function; their patterns take every value the functions take.
 */
import fc from 'fast-check';
import { loadTemplate } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';
import { brownoutsVariable, GROUPS, sunsetVariable } from '../../lib/retirement-schedule';
import { settings } from '../support/schedules';

const template = loadTemplate();
const parameterOf = (variable: string): string => {
  const [group, ...rest] = variable.split('_');
  const name = `${group![0]}${group!.slice(1).toLowerCase()}`;
  return `${name}${rest.join('_') === 'SUNSET_DATE' ? 'SunsetDate' : 'Brownouts'}`;
};
// docs/api.md, Retirement: the four groups' settings, as the docs name them.
const VARIABLES = [
  ...['GALLERY_SUNSET_DATE', 'GALLERY_BROWNOUTS', 'API_SUNSET_DATE', 'API_BROWNOUTS'],
  ...['CREATE_SUNSET_DATE', 'CREATE_BROWNOUTS', 'LINKS_SUNSET_DATE', 'LINKS_BROWNOUTS'],
];
const patternOf = (variable: string) =>
  new RegExp(String((template.Parameters![parameterOf(variable)] as { AllowedPattern?: string }).AllowedPattern));

test('the functions read these settings, and no other group', () => {
  expect(GROUPS.flatMap((group) => [sunsetVariable(group), brownoutsVariable(group)])).toEqual(VARIABLES);
});

test.each(VARIABLES)('%s: a parameter, empty by default, given to every function', (variable) => {
  const parameter = template.Parameters?.[parameterOf(variable)];
  expect(parameter).toMatchObject({ Type: 'String', Default: '' });
  const globals = resolveValue(template, template.Globals!.Function!, { parameters: { [parameterOf(variable)]: '2027-06-30' } });
  expect(globals).toMatchObject({ Environment: { Variables: { [variable]: '2027-06-30' } } });
});

test('the parameters take every value the functions take', () => {
  fc.assert(
    fc.property(settings(), ({ env }) => {
      for (const [variable, value] of Object.entries(env))
        expect([variable, value, patternOf(variable).test(value)]).toEqual([variable, value, true]);
    }),
    { numRuns: 300 },
  );
});

test.each([
  ['GALLERY_SUNSET_DATE', 'soon'],
  ['API_SUNSET_DATE', '2027-06-30T12:00:00+02:00'],
  ['CREATE_SUNSET_DATE', '30/06/2027'],
  ['LINKS_BROWNOUTS', 'tomorrow/PT1H'],
  ['GALLERY_BROWNOUTS', '2027-05-01T14:00:00Z/PT1H;2027-05-02/P1D'],
])('%s refuses %j before a deploy', (variable, value) => {
  expect(patternOf(variable).test(value)).toBe(false);
});

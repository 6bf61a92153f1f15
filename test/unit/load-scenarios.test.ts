/**
 * `npm run load` loads every endpoint template.yaml defines, in every response type: a new
 * function without a scenario stops the run before it starts.
 */
import { RESPONSE_TYPES } from '../../lib/render';
import { coverageGaps, scenariosFor, type LoadSample } from '../../infra/perf/load/scenarios';
import { loadTemplate } from '../../infra/template/read';
import { functionsOf } from '../../infra/template/functions';

const SAMPLE: LoadSample = {
  photoIds: [11, 12, 13],
  thread: { photoId: 11, commentId: 21 },
  codes: ['aaaaaaa', 'bbbbbbb', 'ccccccc'],
  hotCode: 'ddddddd',
  links: ['https://www.example.org/a', 'https://www.example.org/b'],
};
const functions = functionsOf(loadTemplate());
const scenarios = scenariosFor(SAMPLE);

test('every function of template.yaml has a load scenario, and no scenario names another', () => {
  expect(coverageGaps(scenarios, functions)).toEqual([]);
});

test('a function without a scenario, or a scenario without a function, is reported by name', () => {
  const [first, ...others] = functions;
  expect(coverageGaps(scenarios, others)).toEqual([`a load scenario names ${first!.id}, which template.yaml does not define`]);
  const withoutFirst = scenarios.filter((scenario) => scenario.functionId !== first!.id);
  expect(coverageGaps(withoutFirst, functions)).toEqual([`${first!.id} has no load scenario`]);
});

test('every scenario of the API asks for every response type, the javascript one with a callback', () => {
  for (const scenario of scenarios.filter((s) => s.host === 'api')) {
    expect(new Set(scenario.requests.map((request) => request.type))).toEqual(new Set(RESPONSE_TYPES));
    for (const request of scenario.requests) {
      const query = new URLSearchParams(request.path.split('?')[1]);
      expect(query.get('type')).toBe(request.type);
      expect(query.has('callback')).toBe(request.type === 'javascript');
    }
  }
});

test('the redirect scenario visits every short URL the sample holds; creations ask for every link', () => {
  const redirects = scenarios.filter((scenario) => scenario.role === 'redirects');
  expect(redirects.flatMap((s) => s.requests.map((r) => `${r.method} ${r.path}`)).sort()).toEqual(
    SAMPLE.codes.map((code) => `GET /${code}`),
  );
  const creations = scenarios.filter((scenario) => scenario.role === 'creations');
  expect(new Set(creations.flatMap((s) => s.requests.map((r) => r.link)))).toEqual(new Set(SAMPLE.links));
});

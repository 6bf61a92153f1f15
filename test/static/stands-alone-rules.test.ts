/**
 * The repository stands alone: every rule cited by name (`docs/api.md, Views: every visit`: Views) is one
 * docs/api.md names, a heading or a rule's bold name, so that a reader who clones it finds every rule cited.
 */
import { readFileSync } from 'node:fs';
import { type Citation, inEveryFile, perLine } from '../support/citations';

/** The names docs/api.md gives its rules: its headings, and each rule's bold name, also cut at its colon. */
function ruleNames(api: string): Set<string> {
  const names = new Set<string>();
  for (const [, heading] of api.matchAll(/^## (.+)$/gm)) names.add(heading!.trim());
  for (const [, bold] of api.matchAll(/^- \*\*(.+?)\*\*/gm)) {
    const name = bold!.replace(/[.:]$/, '');
    names.add(name).add(name.split(':')[0]!);
  }
  return names;
}

/** A citation of a rule by name: `docs/api.md, Errors: status per code`, `docs/api.md: Bodies`. */
const RULE_CITATION = /docs\/api\.md[,:] ([A-Z][^\n]*)/g;

/** The name a citation starts with: up to its first colon, comma, semicolon, bracket, quote, `and` or full stop. */
const citedName = (cited: string): string =>
  cited
    .replaceAll('\u2019', "'")
    .split(/[,:;()"`]| and |\. |\*\//)[0]!
    .trim()
    .replace(/[.']+$/, '');

/** The citations in `text` of a rule that docs/api.md does not name. */
const unknownRules = (text: string, names: ReadonlySet<string>): Citation[] =>
  perLine(text, (line) =>
    [...line.matchAll(RULE_CITATION)]
      .map(([, cited]) => citedName(cited!))
      .filter((name) => !names.has(name))
      .map((name) => `a rule docs/api.md does not name (${name})`),
  );

describe('the repository stands alone', () => {
  // Samples put together from parts, so that this file does not cite what it looks for.
  const dot = '.';

  const names = ruleNames(readFileSync('docs/api.md', 'utf8'));

  test('docs/api.md names its sections and its rules, as citations name them', () => {
    const some = ['Endpoints', "The gallery's arguments", 'Retirement', 'Rate limit', 'Views', 'Blocked hosts', 'Codes'];
    expect([...names]).toEqual(expect.arrayContaining(some));
  });

  test('every rule a tracked file cites by name, docs/api.md names', () => {
    expect(inEveryFile((_file, text) => unknownRules(text, names))).toEqual([]);
  });

  test.each([
    ['a section docs/api.md does not have', `// (docs/api${dot}md, Pagination)`],
    ['a rule it does not name', ` * codes (docs/api${dot}md, Imported codes).`],
    ['a section misspelt', `// docs/api${dot}md: The gallerys arguments, and Bodies`],
  ])('it would find %s', (_what, line) => {
    expect(unknownRules(`first line (docs/api${dot}md, Bodies)\n${line}\nlast line`, names).map((citation) => citation.line)).toEqual([2]);
  });

  test.each([
    ['a section and a topic of it', '// (docs/api.md, Errors: status per code; the gallery’s arguments)'],
    ['a name ending a sentence, a comment or a quoted test name', "/** as docs/api.md, Containers. */ test('of docs/api.md, Bodies', f)"],
    ['a rule by its bold name, cut at its colon', '// docs/api.md, Views: every visit'],
    ['two sections', '// (docs/api.md, Headers and Retirement)'],
    ['a typographic apostrophe', '// (docs/api.md, The gallery’s arguments: `sort`)'],
    ['a citation in lower case, a sentence and not a name', '// as docs/api.md, in its examples, says'],
  ])('it would leave %s alone', (_what, line) => {
    expect(unknownRules(line, names)).toEqual([]);
  });
});

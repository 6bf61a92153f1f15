/**
 * docs/deploy.md's commands, from its shell blocks and inline code: every file, stack, parameter, samconfig
 * environment, table, output, npm script, workflow, input and GitHub variable they name exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { loadTemplate, type Template } from '../../infra/template/read';
import { resolveValue } from '../../infra/template/evaluate';

const doc = readFileSync('docs/deploy.md', 'utf8');
const main = loadTemplate();
const bootstrap = loadTemplate('infra/bootstrap/template.yaml');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const samconfig = readFileSync('samconfig.toml', 'utf8');
const workflowText = ['ci.yml', 'deploy.yml'].map((name) => readFileSync(`.github/workflows/${name}`, 'utf8')).join('\n');

/**
 * The shell commands of the page, each with the text around it (its block): its ```sh blocks,
 * continuation lines joined, and its inline `sam …`, `aws …`, `gh …`, `npm …` and `git …` code.
 */
const commands: Array<[command: string, block: string]> = [
  ...[...doc.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) =>
    match[1]!
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line): [string, string] => [line, match[1]!]),
  ),
  ...[...doc.matchAll(/`((?:sam|aws|gh|npm|git) [^`]+)`/g)].map((match): [string, string] => [match[1]!, match[1]!]),
];

const STACKS = new Set(['social-news-staging', 'social-news-prod', 'social-news-bootstrap', 'aws-sam-cli-managed-default']);
const tableNames = ['staging', 'prod'].flatMap((Stage) =>
  Object.values(main.Resources)
    .filter((resource) => resource.Type === 'AWS::DynamoDB::Table')
    .map((resource) => String(resolveValue(main, resource.Properties!.TableName, { parameters: { Stage } }))),
);
/** The template a command's block is about: the bootstrap's when it names that file or stack, else template.yaml. */
const templateOf = (block: string): Template => (/infra\/bootstrap\/|social-news-bootstrap/.test(block) ? bootstrap : main);
const all = (command: string, pattern: RegExp) => [...command.matchAll(pattern)].map((match) => match[1]!);

test('the page has the commands this test reads', () => {
  expect(commands.length).toBeGreaterThan(20);
  for (const expected of ['aws cloudformation deploy', 'sam deploy --guided', 'gh workflow run', 'sam delete', 'gh variable set'])
    expect(commands.some(([command]) => command.includes(expected))).toBe(true);
});

test.each(commands)('%s', (command, block) => {
  const problems: string[] = [];
  for (const file of [...all(command, /--template-file (\S+)/g), ...all(command, /file:\/\/(\S+)/g), ...all(command, /-e (events\/\S+)/g)])
    if (file !== '.aws-sam/build/template.yaml' && !existsSync(file)) problems.push(`no file ${file}`);
  for (const stack of all(command, /--stack-name ([\w-]+)/g)) if (!STACKS.has(stack)) problems.push(`no stack ${stack}`);
  const parameters = Object.keys(templateOf(block).Parameters ?? {});
  const overrides = /--parameter-overrides ((?:[A-Za-z0-9]+=\S*\s*)+)/.exec(command)?.[1] ?? '';
  for (const name of [...all(overrides, /([A-Za-z0-9]+)=/g), ...all(command, /ParameterKey=(\w+)/g)])
    if (!parameters.includes(name)) problems.push(`no parameter ${name}`);
  for (const env of all(command, /--config-env (\w+)/g))
    if (!samconfig.includes(`[${env}.deploy.parameters]`)) problems.push(`no config env ${env}`);
  for (const table of all(command, /--table-name ([\w-]+)/g)) if (!tableNames.includes(table)) problems.push(`no table ${table}`);
  for (const output of [...all(command, /OutputKey=='(\w+)'/g), ...all(command, /\$\(output (\w+)\)/g)]) {
    const outputs = Object.keys(templateOf(block).Outputs ?? {});
    if (!outputs.includes(output)) problems.push(`no output ${output}`);
  }
  for (const script of all(command, /npm run ([\w:-]+)/g)) if (!(script in scripts)) problems.push(`no npm script ${script}`);
  for (const variable of all(command, /gh variable set (\w+)/g))
    if (!workflowText.includes(`vars.${variable}`)) problems.push(`no workflow reads ${variable}`);
  const run = /gh workflow run ([\w.-]+)((?: -f \w+=\S+)*)/.exec(command);
  if (run) {
    const file = `.github/workflows/${run[1]}`;
    const inputs = existsSync(file)
      ? ((load(readFileSync(file, 'utf8')) as { on?: Record<string, any> }).on?.workflow_dispatch?.inputs ?? {})
      : {};
    if (!existsSync(file)) problems.push(`no workflow ${run[1]}`);
    for (const [, name, value] of run[2]!.matchAll(/-f (\w+)=(\S+)/g)) {
      if (!(name! in inputs)) problems.push(`${run[1]} has no input ${name}`);
      else if (inputs[name!].options && !inputs[name!].options.includes(value)) problems.push(`${run[1]}: ${name} cannot be ${value}`);
    }
  }
  expect(problems).toEqual([]);
});

test('the outputs the page tells to set as variables are the bootstrap’s, each with its variable', () => {
  const variables = { DeployRoleArn: 'AWS_DEPLOY_ROLE_ARN', Region: 'AWS_REGION', FunctionBoundaryArn: 'FUNCTION_PERMISSIONS_BOUNDARY' };
  for (const [output, variable] of Object.entries(variables)) {
    expect(doc).toContain(`| \`${output}\` | \`${variable}\` |`);
    expect(bootstrap.Outputs![output]).toBeDefined();
    expect(workflowText).toContain(`vars.${variable}`);
  }
});

/**
 * `npm run cost`: the bill of a stage, offline, from template.yaml, the committed runs and
 * infra/pricing/prices.json. Prints it with the source of every input, and writes it into
 * docs/operate.md ("What it costs") and docs/performance.md (the memory-size paragraph),
 * between their markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readMeasurements } from './measurements';
import { costSection, MEMORY_MARKERS, memorySection, OPERATE_MARKERS, replaceBetween, sources } from './report';
import { readStack } from './stack';

export const OPERATE_DOC = 'docs/operate.md';
export const PERFORMANCE_DOC = 'docs/performance.md';

const stack = readStack();
const measurements = readMeasurements();
const cost = costSection(stack, measurements);
const memory = memorySection(stack, measurements);

console.log(
  `${cost}\n\n### Memory size\n\n${memory}\n\n### Sources\n\n${sources(stack, measurements)
    .map((s) => `- ${s}`)
    .join('\n')}\n`,
);

for (const [file, markers, content] of [
  [OPERATE_DOC, OPERATE_MARKERS, cost],
  [PERFORMANCE_DOC, MEMORY_MARKERS, memory],
] as const) {
  writeFileSync(file, replaceBetween(readFileSync(file, 'utf8'), markers, content));
  console.log(`written: ${file}`);
}

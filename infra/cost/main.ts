/**
 * `npm run cost`: the bill of a stage, offline, from template.yaml, the committed runs and
 * infra/pricing/prices.json. Prints it, and writes it into docs/operate.md ("What it costs"),
 * between its markers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { readMeasurements } from './measurements';
import { costSection, OPERATE_MARKERS, replaceBetween } from './report';
import { readStack } from './stack';

export const OPERATE_DOC = 'docs/operate.md';

const cost = costSection(readStack(), readMeasurements());
console.log(cost);
writeFileSync(OPERATE_DOC, replaceBetween(readFileSync(OPERATE_DOC, 'utf8'), OPERATE_MARKERS, cost));
console.log(`written: ${OPERATE_DOC}`);

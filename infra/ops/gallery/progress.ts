/**
 * How the import and the seed show how far they are: a progress bar on a terminal
 * (cli-progress), a plain line every few seconds otherwise (CI logs, pipes), nothing in tests.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** A new phase of `total` steps. */
  start(label: string, total: number): void;
  advance(steps: number): void;
  /** The phase is over. */
  finish(): void;
  /** A line between phases. */
  note(message: string): void;
}

export const silentProgress: Progress = { start() {}, advance() {}, finish() {}, note() {} };

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A bar on `stream` when it is a terminal, else a line at the start, every `intervalMs` and at the end of each phase. */
export function streamProgress(stream: NodeJS.WriteStream = process.stderr, intervalMs = 2_000): Progress {
  let label = '';
  let total = 0;
  let value = 0;
  let started = 0;
  if (stream.isTTY) {
    let bar: cliProgress.SingleBar | undefined;
    return {
      start(name, steps) {
        label = name;
        started = performance.now();
        bar = new cliProgress.SingleBar(
          { stream, format: `${name.padEnd(10)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}, ETA {eta_formatted}` },
          cliProgress.Presets.shades_classic,
        );
        bar.start(steps, 0);
      },
      advance: (steps) => bar?.increment(steps),
      finish() {
        bar?.stop();
        bar = undefined;
      },
      note: (message) => stream.write(`${message}\n`),
    };
  }
  let last = 0;
  const line = () =>
    stream.write(`${label}: ${value}/${total} (${total === 0 ? 100 : Math.floor((100 * value) / total)}%) after ${seconds(started)}\n`);
  return {
    start(name, steps) {
      [label, total, value, started, last] = [name, steps, 0, performance.now(), performance.now()];
      stream.write(`${label}: ${total} to go\n`);
    },
    advance(steps) {
      value += steps;
      if (performance.now() - last >= intervalMs && value < total) {
        last = performance.now();
        line();
      }
    },
    finish: line,
    note: (message) => stream.write(`${message}\n`),
  };
}

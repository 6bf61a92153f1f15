/**
 * The bench's results: the sections record every figure they print here (through the recorder
 * `beginSection` in output.ts hands them), targets.ts records each target's verdict, and at the
 * end ../main.ts writes them out, through ../../report/files.ts's writeResults, as
 * infra/perf/results/bench.json, whose schema is `Report` below (and, for its readers,
 * infra/perf/results/bench.schema.json), and as infra/perf/results/bench.md, which
 * report-markdown.ts renders from the same report. Nothing here prints or writes: the figures
 * are kept as measured, timings in nanoseconds and sizes in bytes, and only the report rounds
 * them.
 */
import type { Machine } from '../../report/machine';

/** What a figure counts. Timings are in nanoseconds and sizes in bytes, whatever the console shows. */
export const UNITS = ['ns', 'bytes', 'RCU', 'requests/s', 'requests', 'round trips', 'entries', 'items', 'ratio', 'USD'] as const;
export type Unit = (typeof UNITS)[number];

/** One figure of one section. */
export interface Figure {
  /** The title of the section that measured it. */
  readonly section: string;
  /** What is measured, e.g. `cold start`, `warm latency, json`. */
  readonly name: string;
  /** What it is measured on: a function of template.yaml, a yardstick, a call, a server. */
  readonly subject: string;
  /**
   * The median of its samples (a cold start's: the mean of their middle half, infra/perf/bench/timing/stats.ts
   * middleMean); for a size or a count, which does not vary, its value.
   */
  readonly median: number;
  readonly unit: Unit;
  /** The 99th percentile of its samples (nearest rank), where it has samples. */
  readonly p99?: number;
  /** The yardstick it is set against, measured in the same run, in the same unit. */
  readonly baseline?: { readonly subject: string; readonly median: number };
}

/** A figure as a section records it: its section is the one that recorder belongs to. */
export type FigureInput = Omit<Figure, 'section'>;
export type Recorder = (figure: FigureInput) => void;

export interface Section {
  readonly title: string;
  /** How it measures: what its console heading says after the title. */
  readonly description: string;
}

/** A target, and whether this run met it: `figure comparison limit`, both in `unit`. */
export interface Verdict {
  /** What is checked, e.g. `warm median, slowest function`. */
  readonly name: string;
  readonly figure: number;
  readonly comparison: '<' | '≤' | '≥';
  readonly limit: number;
  readonly unit: Unit;
  readonly pass: boolean;
  /** Which subjects it covers, or those that missed it. */
  readonly detail?: string;
}
export type VerdictInput = Omit<Verdict, 'pass'>;

/** infra/perf/results/bench.json. */
export interface Report {
  readonly command: 'npm run bench';
  /** When the run started, ISO 8601. */
  readonly date: string;
  /** How long the run took, up to the writing of the report. */
  readonly durationSeconds: number;
  readonly machine: Machine;
  /** In the order they ran; each figure names its own. */
  readonly sections: readonly Section[];
  readonly figures: readonly Figure[];
  readonly targets: readonly Verdict[];
}

const meets = ({ figure, comparison, limit }: VerdictInput): boolean =>
  comparison === '<' ? figure < limit : comparison === '≤' ? figure <= limit : figure >= limit;

export class Results {
  readonly #sections: Section[] = [];
  readonly #figures: Figure[] = [];
  readonly #targets: Verdict[] = [];

  /** Opens a section; what the returned recorder records is that section's. */
  section(title: string, description: string): Recorder {
    if (this.#sections.some((s) => s.title === title)) throw new Error(`the section "${title}" is recorded twice`);
    this.#sections.push({ title, description });
    return ({ baseline, ...figure }) => {
      if (!Number.isFinite(figure.median)) throw new Error(`${title}: ${figure.name} of ${figure.subject} is ${figure.median}`);
      // Sections pass every row its yardstick: the yardstick's own row is not set against itself.
      this.#figures.push({ section: title, ...figure, ...(baseline && baseline.subject !== figure.subject ? { baseline } : {}) });
    };
  }

  /** Checks a figure against its target, and keeps the verdict. */
  verdict(input: VerdictInput): Verdict {
    const verdict = { ...input, pass: meets(input) };
    this.#targets.push(verdict);
    return verdict;
  }

  report(machine: Machine, startedAt: Date, durationSeconds: number): Report {
    return {
      command: 'npm run bench',
      date: startedAt.toISOString(),
      durationSeconds: Math.round(durationSeconds * 10) / 10,
      machine,
      sections: [...this.#sections],
      figures: [...this.#figures],
      targets: [...this.#targets],
    };
  }
}

/** The bench's results: one run, one process. */
export const results = new Results();

/** Figures laid out for people: units, plain-text tables for the console, markdown tables for the results files. */

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
export const ms = (ns: number) => (ns / 1e6).toFixed(2);
export const us = (ns: number) => (ns / 1e3).toFixed(2);
export const ratio = (a: number, b: number) => (a / b).toFixed(2);

export const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;

/** Lays out rows of cells as a plain-text table, numbers right-aligned. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((row) => /^[-+]?[\d.]+( \w+)?$|^[-–]$/.test(row[i]!)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A table cell: markdown's column separator escaped, line breaks folded. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const row = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
export const markdownTable = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

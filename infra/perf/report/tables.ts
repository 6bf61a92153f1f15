/** Figures laid out for people: units, plain-text and markdown tables, and the machine they come from. */
import { cpus, loadavg, totalmem } from 'node:os';

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
export const ms = (ns: number) => (ns / 1e6).toFixed(2);
export const us = (ns: number) => (ns / 1e3).toFixed(2);
export const ratio = (a: number, b: number) => (a / b).toFixed(2);

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

const row = (cells: readonly string[]) => `| ${cells.map((text) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')).join(' | ')} |`;
export const markdownTable = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

export function machineLine(): string {
  const cpu = cpus();
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `Node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim()}, ${memory}, load average ${loadavg()[0]!.toFixed(2)}`;
}

/**
 * A Lambda container for one built bundle, in a fresh Node process: it imports the bundle and
 * invokes its handler once, as Lambda's Node runtime does. The cold-start bench runs it (inside
 * a CPU cgroup) and so do the tests of built bundles (jest's module system cannot import ES
 * modules). Plain JavaScript, so that nothing but Node loads before the bundle.
 *
 * argv: the bundle's file URL and its handler's export name. stdin: `{ event, context }`, the
 * context's fields as ./invoke.ts's contextFields() makes them. The last line of stdout is
 * `{ importNs, firstRequestNs, processNs, maxRssKb, answer }`, processNs from Node's time origin
 * (the process's start, Node's own start included) to the answer; the bundle's own output (logs,
 * metrics) comes before it.
 */
const [bundleUrl, exportName] = process.argv.slice(2);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { event, context: fields } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
const { remainingMs, ...data } = fields;
const deadline = Date.now() + remainingMs;
const context = { ...data, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()), done() {}, fail() {}, succeed() {} };
const t0 = process.hrtime.bigint();
const module = await import(bundleUrl);
const t1 = process.hrtime.bigint();
const answer = await module[exportName](event, context);
const t2 = process.hrtime.bigint();
const processNs = Math.round(performance.now() * 1e6);
process.stdout.write(
  `\n${JSON.stringify({ importNs: Number(t1 - t0), firstRequestNs: Number(t2 - t1), processNs, maxRssKb: await peakRssKb(), answer })}`,
);

/**
 * This process's own peak resident memory, kB: Linux's VmHWM, the peak of the program now
 * running. The peak getrusage gives (process.resourceUsage().maxRSS) carries over that of the
 * process that started this one, as it was when it forked: a bench of 67 MB had every function
 * report 67 MB. Read once the answer is timed; elsewhere than Linux, getrusage's.
 */
async function peakRssKb() {
  const { readFileSync } = await import('node:fs');
  try {
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (peak !== null) return Number(peak[1]);
  } catch {
    // No /proc: not Linux.
  }
  return process.resourceUsage().maxRSS;
}

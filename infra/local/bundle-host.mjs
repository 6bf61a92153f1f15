/**
 * A Lambda container for one built bundle, in a fresh Node process (the cold-start bench, the tests of built bundles): plain JavaScript, so
 * that nothing but Node loads before the bundle. argv: the bundle's file URL and its export name; stdin: `{ event, context }`
 * (./invoke.ts's contextFields()); last line of stdout: `{ importNs, firstRequestNs, processNs, maxRssKb, answer }`.
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
 * This process's own peak resident memory, kB: Linux's VmHWM. getrusage's maxRSS carries over
 * that of the process that forked this one; it serves only elsewhere than Linux.
 */
async function peakRssKb() {
  const { readFileSync } = await import('node:fs');
  try {
    const peak = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (peak !== null) return Number(peak[1]);
  } catch {}
  return process.resourceUsage().maxRSS;
}

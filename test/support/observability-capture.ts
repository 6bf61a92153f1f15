/** Production observability (undoing ./quiet-observability.ts): import it before any function module, then capture(). */
delete process.env.POWERTOOLS_DEV;
Object.assign(process.env, {
  POWERTOOLS_LOG_LEVEL: 'INFO',
  POWERTOOLS_METRICS_DISABLED: 'false',
  POWERTOOLS_METRICS_NAMESPACE: 'ObservabilityTest',
  POWERTOOLS_SERVICE_NAME: 'observability-test',
  // As the Lambda runtime sets it for on-demand containers; Powertools flags cold starts only there.
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
});

export type Entry = Record<string, unknown>;
type Emf = { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] };

/** Every line written to stdout and stderr since capture() or the last clear(): all, the logs (anything but EMF), the EMF documents. */
export function capture() {
  const written: string[] = [];
  const spy = (stream: NodeJS.WriteStream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n')) if (line !== '') written.push(line);
      return true;
    });
  const spies = [spy(process.stdout), spy(process.stderr)];
  afterAll(() => {
    for (const s of spies) s.mockRestore();
  });
  const parsed = () => written.map((line) => JSON.parse(line) as Entry);
  const metrics = () => parsed().filter((entry) => '_aws' in entry);
  return {
    lines: () => [...written],
    logs: () => parsed().filter((entry) => !('_aws' in entry)),
    metrics,
    /** Each metric of each EMF document once per dimension set (by the request's, in total), with its dimension values but `service`. */
    counts: () =>
      metrics().flatMap((emf) => {
        const directive = (emf._aws as Emf).CloudWatchMetrics[0]!;
        return directive.Dimensions.flatMap((set) => {
          const dimensions = Object.fromEntries(set.filter((name) => name !== 'service').map((name) => [name, String(emf[name])]));
          return directive.Metrics.map(({ Name }) => ({ name: Name, dimensions }));
        });
      }),
    clear: () => void written.splice(0),
  };
}

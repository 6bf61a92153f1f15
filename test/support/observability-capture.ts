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

interface Capture {
  /** Every line written to stdout and stderr since capture() or the last clear(). */
  readonly lines: () => string[];
  /** The log lines (anything but EMF), parsed. */
  readonly logs: () => Entry[];
  /** The EMF documents, parsed. */
  readonly metrics: () => Entry[];
  /** Each metric of each EMF document once per dimension set, with its dimension values (`service` left out). */
  readonly counts: () => { name: string; dimensions: Record<string, string> }[];
  readonly clear: () => void;
}

export function capture(): Capture {
  let written: string[] = [];
  const spy = (stream: NodeJS.WriteStream) =>
    jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line !== ''),
      );
      return true;
    });
  const spies = [spy(process.stdout), spy(process.stderr)];
  afterAll(() => {
    for (const s of spies) s.mockRestore();
  });
  const parsed = () => written.map((line) => JSON.parse(line) as Entry);
  const isEmf = (entry: Entry) => '_aws' in entry;
  const metrics = () => parsed().filter(isEmf);
  return {
    lines: () => [...written],
    logs: () => parsed().filter((entry) => !isEmf(entry)),
    metrics,
    counts: () =>
      metrics().flatMap((emf) => {
        const directive = (emf._aws as { CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] })
          .CloudWatchMetrics[0]!;
        // Each metric once per dimension set: by the request's dimensions, and in total (service alone).
        return directive.Dimensions.flatMap((set) => {
          const dimensions = Object.fromEntries(set.filter((name) => name !== 'service').map((name) => [name, String(emf[name])]));
          return directive.Metrics.map(({ Name }) => ({ name: Name, dimensions }));
        });
      }),
    clear: () => {
      written = [];
    },
  };
}

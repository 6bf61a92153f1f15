/**
 * Every test file's environment (jest `setupFiles`): Powertools writes through the global console (POWERTOOLS_DEV), which jest captures and
 * tests can spy on, logs only errors (the unexpected ones tests already expect and silence), and emits no metrics. The observability tests
 * turn all three back to production settings (test/support/observability-capture.ts).
 */
Object.assign(process.env, {
  POWERTOOLS_DEV: 'true',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  POWERTOOLS_METRICS_DISABLED: 'true',
});

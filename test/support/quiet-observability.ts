/**
 * Every test file's environment (jest `setupFiles`): Powertools logs through the console (POWERTOOLS_DEV), which jest captures, tests spy
 * on, only errors (those tests expect and silence), and emits no metrics; ./observability-capture.ts turns all three back to production.
 */
Object.assign(process.env, {
  POWERTOOLS_DEV: 'true',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  POWERTOOLS_METRICS_DISABLED: 'true',
});

/**
 * Modules that read their settings when they load (lib/config.ts, the functions' own modules)
 * loaded afresh, in a module registry of their own, while `env` is set; the environment is as it
 * was afterwards.
 */
export async function loadAfresh<T>(env: Record<string, string>, load: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  try {
    let loaded: T | undefined;
    await jest.isolateModulesAsync(async () => {
      loaded = await load();
    });
    return loaded as T;
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

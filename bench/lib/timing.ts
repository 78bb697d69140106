/** One run's result with its wall seconds and CPU seconds (this process: Node and DuckDB's threads). */
export type Timed<T> = T & { seconds: number; cpuSeconds: number };

/** Runs `work` once and adds its wall and CPU seconds to its result. */
export async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  const used = process.cpuUsage(cpu);
  return { ...result, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** The faster (by wall time) of the best run so far, if any, and a new run. */
export const faster = <T>(a: Timed<T> | undefined, b: Timed<T>): Timed<T> => (a && a.seconds <= b.seconds ? a : b);

// Work that becomes due with time (placements, sweeps, webhook retries). Each capability
// registers its runner here; the local runtime's clock endpoint and its ticker run them all.

export type DueRunner = (now: Date) => Promise<number>;

const runners = new Map<string, DueRunner>();

export function registerDueWork(name: string, runner: DueRunner): void {
  runners.set(name, runner);
}

/** Runs every registered runner once, in registration order; returns how much each did. */
export async function runDueWork(now: Date): Promise<Record<string, number>> {
  const ran: Record<string, number> = {};
  for (const [name, runner] of runners) ran[name] = await runner(now);
  return ran;
}

// Work that becomes due with time (placements, sweeps, webhook retries). Each capability
// registers its runner here; the local runtime's clock endpoint and its ticker run them all.

export type DueRunner = (now: Date) => Promise<number>;

const runners = new Map<string, DueRunner>();

export function registerDueWork(name: string, runner: DueRunner): void {
  runners.set(name, runner);
}

// Runs queue behind one another. Without this, a clock advance that lands while the ticker is
// mid-placement finds the order already claimed (`placing`), skips it and answers before the
// placement ends, breaking its promise that the caller sees everything that became due.
let previous: Promise<unknown> = Promise.resolve();

/** Runs every registered runner once, in registration order, after any run already under way; returns how much each did. */
export function runDueWork(now: Date): Promise<Record<string, number>> {
  const run = previous.then(async () => {
    const ran: Record<string, number> = {};
    for (const [name, runner] of runners) ran[name] = await runner(now);
    return ran;
  });
  previous = run.catch(() => undefined);
  return run;
}

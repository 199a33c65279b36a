import { describe, expect, it } from 'vitest';
import { registerDueWork, runDueWork } from '../../shared/due-work.js';

describe('due work', () => {
  it('runs one at a time, so a run that starts during another sees what the first one did', async () => {
    let active = 0;
    let maxActive = 0;
    let claimed = 0; // stands in for orders a run has finished placing
    const seen: number[] = [];
    let fail = false;
    registerDueWork('serialized', async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      seen.push(claimed);
      await new Promise((r) => setTimeout(r, 20));
      active--;
      if (fail) {
        fail = false;
        throw new Error('runner failed');
      }
      claimed++;
      return 1;
    });
    const [a, b, c] = await Promise.all([runDueWork(new Date()), runDueWork(new Date()), runDueWork(new Date())]);
    expect(maxActive).toBe(1);
    expect(seen).toEqual([0, 1, 2]);
    expect([a.serialized, b.serialized, c.serialized]).toEqual([1, 1, 1]);

    // A failed run is reported to its caller and does not stall the runs queued behind it.
    fail = true;
    const failed = runDueWork(new Date());
    const after = runDueWork(new Date());
    await expect(failed).rejects.toThrow('runner failed');
    await expect(after).resolves.toEqual({ serialized: 1 });
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ServiceClock } from '../../infra/local/service-clock.js';

describe('the local service clock', () => {
  it('in manual mode stands still until advanced, and keeps its time across a restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clock-')), 'clock.json');
    const clock = new ServiceClock(file, 'manual');
    const start = clock.now().getTime();
    // No wall-time reading can move it: the same instant however long the machine takes.
    expect(clock.now().getTime()).toBe(start);
    expect(clock.advance(90).getTime()).toBe(start + 90_000);
    expect(new ServiceClock(file, 'manual').now().getTime()).toBe(start + 90_000);
  });

  it('in wall mode follows wall time plus the advanced offset, kept across a restart', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'clock-')), 'clock.json');
    const clock = new ServiceClock(file, 'wall');
    clock.advance(3600);
    const ahead = new ServiceClock(file).now().getTime() - Date.now();
    expect(ahead).toBeGreaterThan(3_590_000);
    expect(ahead).toBeLessThanOrEqual(3_600_000);
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import type { Clock } from '../../shared/ports/clock.js';

/**
 * `wall`: wall time plus an offset an operator can advance (the default, so a local run feels
 * like a service). `manual`: time stands still until advanced, so a test of a time rule (the
 * rate limiter's refill, a retry gap) cannot depend on how fast a busy machine answers.
 */
export type ClockMode = 'wall' | 'manual';

/**
 * The local runtime's clock. Its state is persisted under DATA_DIR so that time never runs
 * backwards across a restart.
 */
export class ServiceClock implements Clock {
  private offsetMs = 0;
  /** In manual mode, the clock's current time in epoch milliseconds. */
  private frozenAtMs: number | null = null;

  constructor(
    private readonly file: string | null,
    private readonly mode: ClockMode = 'wall',
  ) {
    const saved = this.load();
    this.offsetMs = Number(saved.offsetMs) || 0;
    if (mode === 'manual') this.frozenAtMs = Number(saved.frozenAtMs) || Date.now() + this.offsetMs;
  }

  now(): Date {
    return new Date(this.frozenAtMs ?? Date.now() + this.offsetMs);
  }

  advance(seconds: number): Date {
    if (this.frozenAtMs !== null) this.frozenAtMs += seconds * 1000;
    else this.offsetMs += seconds * 1000;
    if (this.file) writeFileSync(this.file, JSON.stringify({ offsetMs: this.offsetMs, frozenAtMs: this.frozenAtMs }));
    return this.now();
  }

  private load(): { offsetMs?: unknown; frozenAtMs?: unknown } {
    if (!this.file) return {};
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as { offsetMs?: unknown; frozenAtMs?: unknown };
    } catch {
      return {};
    }
  }
}

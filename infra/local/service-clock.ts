import { readFileSync, writeFileSync } from 'node:fs';
import type { Clock } from '../../shared/ports/clock.js';

/**
 * The local runtime's clock: wall time plus an offset an operator can advance. The offset is
 * persisted under DATA_DIR so that time never runs backwards across a restart.
 */
export class ServiceClock implements Clock {
  private offsetMs: number;

  constructor(private readonly file: string | null) {
    this.offsetMs = 0;
    if (file) {
      try {
        this.offsetMs = Number(JSON.parse(readFileSync(file, 'utf8')).offsetMs) || 0;
      } catch {
        this.offsetMs = 0;
      }
    }
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): Date {
    this.offsetMs += seconds * 1000;
    if (this.file) writeFileSync(this.file, JSON.stringify({ offsetMs: this.offsetMs }));
    return this.now();
  }
}

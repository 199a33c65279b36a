import type { Clock } from '../ports/clock.js';

/** The deployed stages' clock; the local runtime substitutes its own adjustable one. */
export const systemClock: Clock = { now: () => new Date() };

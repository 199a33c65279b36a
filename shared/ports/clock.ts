/** Every rule that depends on time reads this; the local runtime's clock can be advanced. */
export interface Clock {
  now(): Date;
}

/** The local runtime's clock, which an operator can move forward. */
export interface AdjustableClock extends Clock {
  advance(seconds: number): Date;
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === 'function';
}

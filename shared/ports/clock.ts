/** Every rule that depends on time reads this; the local runtime's clock can be advanced. */
export interface Clock {
  now(): Date;
}

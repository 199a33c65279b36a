/** Schedules an order's placement for its due time. The sweep places anything a schedule missed. */
export interface PlacementScheduler {
  schedule(orderId: string, dueAt: Date): Promise<void>;
}

/** The local runtime's scheduler is its persisted sweep over due orders: nothing else to do. */
export const sweepOnlyScheduler: PlacementScheduler = { schedule: async () => undefined };

/** Schedules an order's placement for its due time. The sweep places anything a schedule missed. */
export interface PlacementScheduler {
  schedule(orderId: string, dueAt: Date): Promise<void>;
}

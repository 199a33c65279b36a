/** Which order a schedule is for: its target reads the order by its key (one read, not two). */
export interface ScheduledOrder {
  id: string;
  partnerId: string;
}

/** Schedules an order's placement for its due time. The sweep places anything a schedule missed. */
export interface PlacementScheduler {
  schedule(order: ScheduledOrder, dueAt: Date): Promise<void>;
}

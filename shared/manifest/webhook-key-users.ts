/**
 * Who may use the key that seals webhook signing secrets, by function: `open` for every function
 * that signs (the first attempt inline on an order's transition, replays, test events, the retry
 * worker), `seal` for the rotation. No other role can read a secret, though many read the partner
 * items holding them sealed. A sender left out here fails its inline attempt, which the retry worker
 * then makes; order creation, Stripe's events and the retry sweep send nothing.
 */
export const WEBHOOK_KEY_USERS: Readonly<Record<string, 'open' | 'seal'>> = {
  AdminWebhookSecret: 'seal',
  ...Object.fromEntries(
    [
      ...['PartnerOrdersCancel', 'SandboxAdvance', 'SandboxSimulate', 'DashboardActions'],
      ...['WebhooksReplay', 'WebhooksTest', 'AdminDeliveriesReplay', 'WebhookWorker', 'Placement'],
      ...['AdminLabOru', 'LabOru', 'AdminResultsUpload', 'SimulatedResults'],
    ].map((fn) => [fn, 'open' as const]),
  ),
};

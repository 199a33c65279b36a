// The sandbox scenarios a partner can rehearse (the flows that play them are shared/app/sandbox.ts).

export const SANDBOX_SCENARIOS = {
  placement_unconfirmed:
    'Places the order now, and the lab outcome is unknown: status stays processing, cancel gives may_exist_at_lab.',
  external_draft:
    'An operator takes the order to prepare by hand: status stays processing, cancel gives external_draft_exists.',
  placement_in_progress: 'The order is being placed right now: cancel gives placing.',
  placed_awaiting_requisition:
    'The lab accepted the order but has not issued the requisition: cancel gives placed; advance issues the requisition.',
  lab_rejects:
    'Places the order now and the lab refuses it (AR): status stays processing while an operator prepares it, cancel gives external_draft_exists.',
  lab_slow:
    'Places the order now at a lab slow to acknowledge (a few seconds): the order still reaches requisition_ready.',
  critical_results: 'The next results carry a critical value (flag critical_high).',
  withheld_analyte: 'The next results withhold one analyte (notReported true, flag null).',
  refund_pending: 'A cancellation of this order cannot be refunded inline: refund is pending.',
} as const;

export type SandboxScenario = keyof typeof SANDBOX_SCENARIOS;

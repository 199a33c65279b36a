// The audit trail: who touched which order or partner, what they did, when, and how it ended.
// Records name ids only, never patient values, and are never changed once written.

export const AUDIT_ACTIONS = [
  'order.created',
  'order.read',
  'order.list',
  'order.cancelled',
  'requisition.url_issued',
  'results.url_issued',
  'results.ingested',
  'results.uploaded',
  'partner.created',
  'partner.read',
  'partner.updated',
  'key.created',
  'key.revoked',
  'webhook.secret_rotated',
  'delivery.replayed',
  'clock.advanced',
  'faults.set',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** success; denied (authenticated but refused); not_found; rejected (any other client error); error (ours). */
export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'rejected' | 'error';

export type AuditPrincipal =
  | { type: 'partner'; partnerId: string; keyId: string }
  /** The operator's IAM ARN in AWS; `local-operator` in the local runtime. */
  | { type: 'operator'; id: string };

export interface AuditRecord {
  id: string;
  /** Service clock, ISO 8601. */
  at: string;
  action: AuditAction;
  outcome: AuditOutcome;
  principal: AuditPrincipal;
  orderId: string | null;
  partnerId: string | null;
  /** The key or webhook delivery the action concerned. */
  subjectId: string | null;
  requestId: string | null;
}

export type AuditTarget = { orderId: string } | { partnerId: string };

export interface AuditPage {
  records: AuditRecord[];
  /** Opaque store position of the next page; null when this page is the last. */
  nextKey: string | null;
}

/**
 * A request's success record for a change, written in the change's own transaction: the trail then
 * holds the record exactly when the change happened, and the request makes one write fewer. The
 * use case asks for the records, writes them with its change, and says so once the change is in
 * (the edge then writes no record of its own for that success).
 */
export interface ChangeAudit {
  records(target: { orderId: string; partnerId?: string }): AuditRecord[];
  written(): void;
}

export interface AuditLog {
  /** Writes the records; they can never be changed or deleted afterwards. */
  append(records: readonly AuditRecord[]): Promise<void>;
  /** Records naming the order or the partner, newest first. */
  list(target: AuditTarget, opts: { limit: number; startKey: string | null }): Promise<AuditPage>;
}

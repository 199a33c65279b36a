import type { AuditAction, AuditLog, AuditOutcome, AuditPrincipal, AuditRecord } from '../ports/audit-log.js';

export interface RecordAccessDeps {
  audit: AuditLog;
  now: () => Date;
  newId: (now: Date) => string;
  alert: (event: string, ids: Record<string, string>) => void;
}

export interface AccessTarget {
  orderId?: string | null;
  partnerId?: string | null;
  /** The key or delivery the action concerned. */
  subjectId?: string | null;
}

export interface AccessInput {
  action: AuditAction;
  principal: AuditPrincipal;
  outcome: AuditOutcome;
  requestId: string | null;
  /** One record per target; none when the request touched nothing (an empty list page). */
  targets: readonly AccessTarget[];
}

/** Reads of patient data: handed out only once their audit record is written. */
const READS: ReadonlySet<AuditAction> = new Set([
  'order.read',
  'order.list',
  'requisition.url_issued',
  'results.url_issued',
]);

export function mustRecordBeforeAnswering(action: AuditAction, outcome: AuditOutcome): boolean {
  return outcome === 'success' && READS.has(action);
}

/**
 * Writes the audit records of one request. A store failure raises an operator alert and
 * answers false, so the caller can refuse to hand out data it could not account for.
 */
export async function recordAccess(deps: RecordAccessDeps, input: AccessInput): Promise<boolean> {
  if (input.targets.length === 0) return true;
  const records = accessRecords(deps, input);
  try {
    await deps.audit.append(records);
    return true;
  } catch (err) {
    deps.alert('audit_write_failed', { action: input.action, errorName: (err as Error)?.name ?? 'unknown' });
    return false;
  }
}

/** The records of one request, one per target, stamped now; written by recordAccess or with a change. */
export function accessRecords(deps: Pick<RecordAccessDeps, 'now' | 'newId'>, input: AccessInput): AuditRecord[] {
  const now = deps.now();
  return input.targets.map((t) => ({
    id: deps.newId(now),
    at: now.toISOString(),
    action: input.action,
    outcome: input.outcome,
    principal: input.principal,
    orderId: t.orderId ?? null,
    partnerId: t.partnerId ?? null,
    subjectId: t.subjectId ?? null,
    requestId: input.requestId,
  }));
}

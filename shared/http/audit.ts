import { ApiError } from './errors.js';
import type { HttpEvent, HttpResult } from './respond.js';
import { isPlausibleId } from '../domain/ids.js';
import type { AuditAction, AuditOutcome, AuditPrincipal, AuditRecord, ChangeAudit } from '../ports/audit-log.js';
import {
  accessRecords,
  mustRecordBeforeAnswering,
  recordAccess,
  type AccessTarget,
  type RecordAccessDeps,
} from '../app/record-access.js';

export interface AuditDeps {
  record: RecordAccessDeps;
  /** The partner an order belongs to, so an operator's action on it is filed under both. */
  ownerOf: (orderId: string) => Promise<string | null>;
}

/**
 * What a handler tells the audit step about its request: which orders or partners it touched
 * (a list names every order it returned). Left unset, the target is the path's {id}.
 */
export class AuditNote {
  targets: AccessTarget[] | null = null;
  /** Success records a use case wrote in its change's transaction: the edge writes none of its own. */
  writtenWithChange = false;
  /** `successRecords`: this request's success records for targets, as the edge would write them. */
  constructor(private readonly successRecords: (targets: AccessTarget[]) => AuditRecord[] = () => []) {}
  about(...targets: AccessTarget[]): void {
    this.targets = [...(this.targets ?? []), ...targets];
  }
  /** For a use case that writes its success record with its change (ports/audit-log.ts, ChangeAudit). */
  withChange(): ChangeAudit {
    return {
      records: (target) => this.successRecords([target]),
      written: () => {
        this.writtenWithChange = true;
      },
    };
  }
}

type TargetField = keyof AccessTarget;

export interface AuditSpec {
  action: AuditAction;
  /** What the path's {id} names (a path's {keyId} is always the subject). */
  pathId?: TargetField;
  /** Targets read from a successful JSON answer: target field to the answer's field ({ orderId: 'id' }). */
  fromAnswer?: Partial<Record<TargetField, string>>;
}

export function outcomeOf(status: number): AuditOutcome {
  if (status < 400) return 'success';
  if (status === 401 || status === 403) return 'denied';
  if (status === 404) return 'not_found';
  return status < 500 ? 'rejected' : 'error';
}

/** The operator behind an IAM-signed request (its ARN), or the local runtime's token holder. */
export function operatorPrincipal(event: HttpEvent): AuditPrincipal {
  const arn = event.requestContext?.identity?.userArn;
  return { type: 'operator', id: arn || (event.requestContext?.stage === 'local' ? 'local-operator' : 'unknown') };
}

/**
 * Runs a handler and writes its audit records: one per target, with the outcome. A successful
 * read of patient data is answered only once its record is written (fail closed).
 */
export async function audited(
  deps: AuditDeps,
  spec: AuditSpec,
  principal: AuditPrincipal,
  base: AccessTarget,
  event: HttpEvent,
  run: (note: AuditNote) => Promise<HttpResult>,
): Promise<HttpResult> {
  const requestId = event.requestContext?.requestId ?? null;
  const note = new AuditNote((targets) =>
    accessRecords(deps.record, {
      action: spec.action,
      principal,
      outcome: 'success',
      requestId,
      targets: targets.map((t) => ({ ...base, ...fromPath(spec, event), ...t })),
    }),
  );
  let result: HttpResult | null = null;
  let failure: unknown = null;
  try {
    result = await run(note);
  } catch (err) {
    failure = err;
  }
  const status = result?.statusCode ?? (failure instanceof ApiError ? failure.status : 500);
  const outcome = outcomeOf(status);
  // The success is on record already, written with the change it made.
  if (outcome === 'success' && note.writtenWithChange) return result as HttpResult;
  const targets = await Promise.all(
    (note.targets ?? [{}]).map((t) =>
      withOwner(deps, { ...base, ...fromPath(spec, event), ...fromAnswer(spec, result), ...t }),
    ),
  );
  const written = await recordAccess(deps.record, {
    action: spec.action,
    principal,
    outcome,
    requestId,
    targets,
  });
  if (!written && mustRecordBeforeAnswering(spec.action, outcome))
    throw new Error('audit trail unavailable: answer withheld');
  if (failure) throw failure;
  return result as HttpResult;
}

function fromPath(spec: AuditSpec, event: HttpEvent): AccessTarget {
  const plausible = (v: string | undefined) => (v && isPlausibleId(v) ? v : undefined);
  const id = plausible(event.pathParameters?.id);
  const keyId = plausible(event.pathParameters?.keyId);
  return { ...(spec.pathId && id ? { [spec.pathId]: id } : {}), ...(keyId ? { subjectId: keyId } : {}) };
}

function fromAnswer(spec: AuditSpec, result: HttpResult | null): AccessTarget {
  if (!spec.fromAnswer || !result || result.statusCode >= 300) return {};
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(result.body) as Record<string, unknown>;
  } catch {
    return {};
  }
  const out: AccessTarget = {};
  for (const [field, from] of Object.entries(spec.fromAnswer) as Array<[TargetField, string]>) {
    const v = body[from];
    if (typeof v === 'string' && isPlausibleId(v)) out[field] = v;
  }
  return out;
}

/** An operator's action on an order is filed under the order's partner too, so both views show it. */
async function withOwner(deps: AuditDeps, t: AccessTarget): Promise<AccessTarget> {
  if (!t.orderId || t.partnerId) return t;
  const partnerId = await deps.ownerOf(t.orderId).catch(() => null);
  return partnerId ? { ...t, partnerId } : t;
}

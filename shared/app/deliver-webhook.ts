import { afterAttempt, webhookPayload, type DeliveryRecord } from '../domain/webhooks/delivery.js';
import { signedRequest } from '../domain/webhooks/signed-request.js';
import { ATTEMPT_CLAIM_MS } from '../domain/webhooks/schedule.js';
import type { Partner } from '../domain/partner.js';
import type { DeliveryStore, RetryQueue, SendResult, WebhookSender } from '../ports/webhooks.js';
import type { PartnerStore } from '../ports/partner-store.js';

// Delivering a webhook: one attempt (claim, sign, send, record, schedule the retry), and the
// sweep of every attempt due. The rules (retry schedule, signature, payload) are the domain's.

export interface DispatchDeps {
  deliveries: DeliveryStore;
  partners: PartnerStore;
  sender: WebhookSender;
  /** The service clock: schedules and the delivery log. */
  now: () => Date;
  /** Wall time for the signature's t=: receivers check it against their own clocks. */
  wallClock: () => Date;
  alert: (event: string, ids: Record<string, string>) => void;
  /** Carries each retry to its due time; without one, only the sweep finds due retries. */
  retries?: RetryQueue;
  /** Opens the secrets to sign with now (stored sealed: shared/app/webhook-secrets.ts); throws when it cannot. */
  signingSecrets: (partner: Partner, now: Date) => Promise<string[]>;
}

export async function sendSigned(
  deps: Pick<DispatchDeps, 'sender' | 'wallClock' | 'signingSecrets'>,
  partner: Partner,
  now: Date,
  payload: { id: string; type: string },
  opened?: Promise<string[]>,
): Promise<SendResult> {
  if (!partner.webhookUrl) return { httpStatus: null, error: 'no webhook URL configured', durationMs: 0 };
  const secrets = await (opened ?? deps.signingSecrets(partner, now));
  if (secrets.length === 0) return { httpStatus: null, error: 'no signing secret configured', durationMs: 0 };
  const body = JSON.stringify(payload);
  // Signed when sent, so every attempt carries a fresh timestamp.
  return deps.sender.send(
    partner.webhookUrl,
    body,
    signedRequest(body, secrets, payload.type, payload.id, Math.floor(deps.wallClock().getTime() / 1000)),
  );
}

/**
 * What an attempt needs that no state change decides: the partner (its webhook URL) and its
 * signing secrets, opened. Started before a state change's writes, so the inline attempt after
 * them waits on neither (a read, and in AWS a KMS call); unused when the change is refused.
 */
export interface AttemptReady {
  partnerId: string;
  partner: Promise<Partner | null>;
  secrets: Promise<string[]>;
}

export function prepareAttempt(deps: DispatchDeps, partnerId: string): AttemptReady {
  const partner = deps.partners.get(partnerId);
  const secrets = partner.then((p) => (p?.webhookUrl ? deps.signingSecrets(p, deps.now()) : []));
  // Awaited by the attempt, if one is made: a refused change must not leave them unhandled.
  partner.catch(() => undefined);
  secrets.catch(() => undefined);
  return { partnerId, partner, secrets };
}

/**
 * One attempt of a delivery. A scheduled attempt is first claimed with a write guarded on the
 * version read, pushing its due time past the attempt's cut: of two workers that found it due (two
 * sweeps, or a sweep and a retry message), one sends and the other finds the claim taken. A worker
 * that dies holding a claim leaves the attempt due again when the claim runs out. A delivery its
 * writer holds (`held`: the record as a state change wrote it, newDelivery) needs no claim: no sweep
 * finds it due before the hold runs out, and an attempt that starts after that leaves it to them.
 * A partner without a webhook URL gets no deliveries.
 */
export async function attemptDelivery(
  deps: DispatchDeps,
  found: DeliveryRecord,
  kind: 'scheduled' | 'replay',
  opts: { held?: boolean; ready?: AttemptReady } = {},
): Promise<DeliveryRecord | null> {
  const now = deps.now();
  if (opts.held && !(found.nextAttemptAt && Date.parse(found.nextAttemptAt) > now.getTime())) return null;
  const ready = opts.ready?.partnerId === found.event.partnerId ? opts.ready : undefined;
  const partnerRead = ready?.partner ?? deps.partners.get(found.event.partnerId);
  let record = found;
  if (kind === 'scheduled' && !opts.held) {
    // The claim does not depend on the partner, so both go out in one round trip; a partner with
    // no webhook URL then costs a second write (the claimed record marked no_endpoint).
    const claimed = { ...found, nextAttemptAt: new Date(now.getTime() + ATTEMPT_CLAIM_MS).toISOString() };
    partnerRead.catch(() => undefined); // awaited below; a lost claim leaves it unread
    if (!(await deps.deliveries.save(claimed, found.version))) return null;
    record = { ...claimed, version: found.version + 1 };
  }
  const partner = await partnerRead;
  if (!partner?.webhookUrl) {
    if (kind === 'replay') return found;
    const skipped = { ...record, status: 'no_endpoint' as const, nextAttemptAt: null };
    return (await deps.deliveries.save(skipped, record.version)) ? { ...skipped, version: record.version + 1 } : null;
  }
  const result = await sendSigned(deps, partner, now, webhookPayload(record.event), ready?.secrets);
  const next = afterAttempt(record, { at: now.toISOString(), kind, ...result });
  if (!(await deps.deliveries.save(next, record.version))) return null;
  // The retry travels as a new message: a lost one leaves the delivery to the backstop sweep.
  if (kind === 'scheduled' && next.status === 'pending' && next.nextAttemptAt)
    await deps.retries?.enqueue({ deliveryId: next.id, dueAt: next.nextAttemptAt }, now).catch(() => undefined);
  if (next.status === 'failed' && record.status !== 'failed')
    deps.alert('webhook_delivery_failed', { deliveryId: record.id, partnerId: record.event.partnerId });
  return { ...next, version: record.version + 1 };
}

/** Every delivery due now (the cron's work; the local runtime runs it on its ticker and clock). */
export async function runDueDeliveries(deps: DispatchDeps, batch = 50): Promise<number> {
  let attempted = 0;
  for (let round = 0; round < 20; round++) {
    const due = await deps.deliveries.due(deps.now(), batch);
    let progressed = false;
    for (const record of due) {
      if (await attemptDelivery(deps, record, 'scheduled')) {
        attempted++;
        progressed = true;
      }
    }
    if (!progressed || due.length < batch) return attempted;
  }
  return attempted;
}

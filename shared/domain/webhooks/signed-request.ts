import { signPayload } from './signature.js';
import type { Partner } from '../partner.js';

/** Secrets a signature is made with: the current one, plus a rotated-out one during its overlap. */
export function activeSecrets(partner: Pick<Partner, 'webhookSecrets'>, now: Date): string[] {
  return (partner.webhookSecrets ?? [])
    .filter((s) => s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime())
    .map((s) => s.secret);
}

export function signedRequest(
  body: string,
  secrets: string[],
  type: string,
  deliveryId: string,
  unixSeconds: number,
): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1',
    'X-Service-Event': type,
    'X-Service-Delivery': deliveryId,
    'X-Service-Signature': signPayload(body, secrets, unixSeconds),
  };
}

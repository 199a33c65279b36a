// Signing in to the partner dashboard with an API key, and resuming the session on each request.
import {
  checkBearer,
  decideAuth,
  environmentForKey,
  type Partner,
  type ServiceEnvironment,
} from '../domain/partner.js';
import { newSession, openSession, sealSession, type DashboardSession } from '../domain/dashboard-session.js';
import type { PartnerStore } from '../ports/partner-store.js';

export interface DashboardAuthDeps {
  partners: PartnerStore;
  environment: ServiceEnvironment;
  secret: string;
  now: Date;
  ttlMinutes: number;
}

export type SignInOutcome =
  | { ok: true; token: string; session: DashboardSession }
  | { ok: false; code: 'invalid_api_key' | 'wrong_environment' | 'partner_suspended' };

/** The same key rules as the partner API: a well-formed key of this stage's environment, not revoked. */
export async function signIn(deps: DashboardAuthDeps, apiKey: string): Promise<SignInOutcome> {
  const check = checkBearer(`Bearer ${apiKey.trim()}`, deps.environment);
  if (!check.ok) return check;
  const key = await deps.partners.findKeyByHash(check.hash);
  const partner = key ? await deps.partners.get(key.partnerId) : null;
  const decision = decideAuth(check.hash, key, partner);
  if (!decision.ok) return decision;
  const session = newSession(decision.partnerId, decision.keyId, deps.now, deps.ttlMinutes);
  return { ok: true, token: sealSession(deps.secret, session), session };
}

/**
 * The signed-in partner behind a session token, checked again on every request: the key must
 * still exist unrevoked for this environment and the partner must be active.
 */
export async function resumeSession(
  deps: DashboardAuthDeps,
  token: string | null,
): Promise<{ session: DashboardSession; partner: Partner } | null> {
  const session = openSession(deps.secret, token, deps.now);
  if (!session) return null;
  const [key, partner] = await Promise.all([
    deps.partners.getKey(session.partnerId, session.keyId),
    deps.partners.get(session.partnerId),
  ]);
  if (!key || key.revokedAt !== null || key.environment !== environmentForKey(deps.environment)) return null;
  if (!partner || partner.status !== 'active') return null;
  return { session, partner };
}

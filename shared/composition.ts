// The composition root: builds each adapter once per Lambda container (module scope), from the
// environment, so warm invocations do no set-up work. It is the only module that names adapters:
// each Lambda entry (lambdas/) hands a handler factory (functions/) the getters below that it
// needs, by name (the names of ServiceDeps). The local runtime injects its overrides (the service
// clock, the lab stand-in, fault injection) once, before any getter is first called.
// Its parts live in shared/composition/, each building only on the one before it:
// core (once, environment, overrides, stores) <- integrations (Stripe, secrets, schedulers, lab,
// sealing, webhook sending) <- flows (the use cases' `*Deps()`). Entries import this module only.
import { auditDeps, dashboardAuthDeps } from './composition/flows.js';
import { clock, logger, orderStore, rateLimiter, runtimeEnv } from './composition/core.js';

export * from './composition/core.js';
export * from './composition/integrations.js';
export * from './composition/flows.js';

// The edges' own needs, gathered so that an entry names them once (`{ ...publicEdge, catalogStore }`).
// Plain object literals, so a bundle whose entry does not use one leaves it (and what it names) out.
export const edge = { logger, runtimeEnv };
export const publicEdge = { logger, runtimeEnv, rateLimiter, clock };
export const auditedEdge = { logger, runtimeEnv, auditDeps, orderStore };
export const dashboardEdge = { logger, runtimeEnv, dashboardAuthDeps };

import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape, type EdgeDeps } from '../../shared/http/middleware.js';
import { header, json, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { applyStripeEvent } from '../../shared/app/stripe-events.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'clock' | 'stripeEventDeps' | 'stripeEventVerifier'>;

/**
 * POST /stripe/webhook: Stripe's own signed events. No bearer key (the signature is the
 * credential), not rate limited (Stripe's retries must get through), no CORS (no browser calls
 * it). Every validly signed event answers 200, duplicates and unknown types included.
 */
export const makeHandler = (deps: Deps) =>
  middy<HttpEvent, HttpResult, Error, Context>()
    .use(accessLog(deps))
    .use(errorShape('public', deps))
    .handler(async (event) => {
      const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
      const signature = header(event, 'stripe-signature');
      const decoded = signature
        ? await deps.stripeEventVerifier().verify(raw, signature, deps.clock().now().getTime())
        : null;
      if (!decoded) throw new ApiError('invalid_signature');
      const outcome = await applyStripeEvent(deps.stripeEventDeps(), decoded);
      return json(200, { received: true, outcome });
    });

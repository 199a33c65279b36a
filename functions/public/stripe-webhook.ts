import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { accessLog, errorShape } from '../../shared/http/middleware.js';
import { publicOrigin } from '../../shared/http/public-handler.js';
import { header, json, type HttpEvent, type HttpResult } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { applyStripeEvent } from '../../shared/app/stripe-events.js';
import { clock, stripeEventDeps, stripeEventVerifier } from '../../shared/composition.js';

/**
 * POST /stripe/webhook: Stripe's own signed events. No bearer key (the signature is the
 * credential), not rate limited (Stripe's retries must get through), no CORS (no browser calls
 * it). Every validly signed event answers 200, duplicates and unknown types included.
 */
export const handler = middy<HttpEvent, HttpResult, Error, Context>()
  .use(accessLog())
  .use(errorShape('public', publicOrigin))
  .handler(async (event) => {
    const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
    const signature = header(event, 'stripe-signature');
    const decoded = signature ? await stripeEventVerifier().verify(raw, signature, clock().now().getTime()) : null;
    if (!decoded) throw new ApiError('invalid_signature');
    const outcome = await applyStripeEvent(stripeEventDeps(), decoded);
    return json(200, { received: true, outcome });
  });

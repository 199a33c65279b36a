import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { webhookExamples } from './examples.js';
import { pascal } from './schema-helpers.js';
import * as R from './responses.js';

/** The partner document's webhooks: the three order events and webhook.test, each with its body. */
export function registerWebhooks(registry: OpenAPIRegistry) {
  const bodies = webhookExamples();
  for (const type of [...R.ORDER_EVENT_TYPES, 'webhook.test'] as const) {
    const test = type === 'webhook.test';
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `on${pascal(type)}`,
      security: [],
      summary: test
        ? 'Sent when you call POST /api/v1/webhooks/test: check your endpoint and signature handling.'
        : `Sent when ${type === 'order.cancelled' ? 'you cancel an order through DELETE /api/v1/orders/{id}' : `the order status becomes ${type.slice(6)}`}. At-least-once: dedupe on X-Service-Delivery.`,
      request: {
        headers: z.object({
          'X-Service-Event': z.literal(type),
          'X-Service-Delivery': z.string().describe('Unique, stable delivery id'),
          'X-Service-Signature': z
            .string()
            .describe(
              't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.<raw body>"> with your signing secret; reject beyond 300 s',
            ),
          'User-Agent': z.literal('Service-Webhooks/1'),
        }),
        body: {
          content: {
            'application/json': { schema: test ? R.webhookTestEvent : R.webhookPayload, example: bodies[type] },
          },
        },
      },
      responses: {
        '200': { description: 'Answer 2xx directly; redirects are not followed, and anything else is retried' },
      },
    });
  }
}

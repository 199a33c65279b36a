// A webhook receiver: verifies each delivery against its raw body, answers 2xx at once, handles each
// delivery once (X-Service-Delivery), and reads the order itself for the truth.
//   WEBHOOK_SECRET=whsec_... LAB_TESTS_API_KEY=sk_test_... PORT=4000 node server.mjs
import express from 'express';
import { pathToFileURL } from 'node:url';
import { LabTestsClient, WebhookVerificationError, constructWebhookEvent } from '@lab-tests/sdk';

/**
 * @param {{ secrets: string[], lab?: LabTestsClient, seen?: { has(id: string): boolean | Promise<boolean>, add(id: string): unknown } }} options
 *   `secrets`: your signing secret, or the old and the new one while you rotate.
 *   `seen`: the delivery ids already handled. A Set works for one process; in production use a
 *   table with a unique key on the delivery id, so a retry landing on another instance is caught too.
 */
export function createReceiver({ secrets, lab, seen = new Set() }) {
  const app = express();

  // The signature covers the exact bytes sent: take the body raw, before any JSON parsing.
  app.post('/webhooks/lab-tests', express.raw({ type: 'application/json', limit: '100kb' }), async (req, res) => {
    let event;
    try {
      event = await constructWebhookEvent({
        rawBody: req.body,
        signature: req.get('X-Service-Signature'),
        secret: secrets,
      });
    } catch (err) {
      if (err instanceof WebhookVerificationError) {
        console.log(JSON.stringify({ rejected: err.reason }));
        return res.status(400).json({ error: err.reason });
      }
      throw err;
    }

    const deliveryId = req.get('X-Service-Delivery') ?? event.id;
    // At least once: a delivery we already have is acknowledged and not acted on again.
    if (await seen.has(deliveryId)) {
      console.log(JSON.stringify({ duplicate: deliveryId }));
      return res.status(200).json({ received: true, duplicate: true });
    }
    await seen.add(deliveryId);

    // Answer first (the sender gives up after 10 seconds), then do the work.
    res.status(200).json({ received: true });
    setImmediate(() => handle(event, lab).catch((err) => console.error('handling failed', deliveryId, err)));
  });

  return app;
}

async function handle(event, lab) {
  if (event.type === 'webhook.test' || !event.data.orderId) {
    console.log(JSON.stringify({ handled: event.type, id: event.id }));
    return;
  }
  // data.status is a hint (deliveries can arrive out of order): the order itself is the truth.
  const order = lab ? await lab.orders.get(event.data.orderId) : null;
  console.log(
    JSON.stringify({ handled: event.type, id: event.id, orderId: event.data.orderId, status: order?.status }),
  );
  // Here: fetch the requisition or the results, notify your user, update your records.
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const secrets = (process.env.WEBHOOK_SECRET ?? '').split(',').filter(Boolean);
  if (secrets.length === 0) throw new Error('Set WEBHOOK_SECRET (comma-separated while rotating)');
  const lab = process.env.LAB_TESTS_API_KEY
    ? new LabTestsClient({
        baseUrl: process.env.LAB_TESTS_BASE_URL ?? 'http://127.0.0.1:3000',
        apiKey: process.env.LAB_TESTS_API_KEY,
      })
    : undefined;
  const server = createReceiver({ secrets, lab }).listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => {
    console.log(`webhook receiver listening on http://127.0.0.1:${server.address().port}/webhooks/lab-tests`);
  });
}

// Quickstart: place an order, move it through the sandbox, read its results.
//   LAB_TESTS_BASE_URL=http://127.0.0.1:3000 LAB_TESTS_API_KEY=sk_test_... node quickstart.mjs
import { LabTestsApiError, LabTestsClient } from '@lab-tests/sdk';

const lab = new LabTestsClient({
  baseUrl: process.env.LAB_TESTS_BASE_URL ?? 'http://127.0.0.1:3000',
  apiKey: process.env.LAB_TESTS_API_KEY ?? '',
});

try {
  // What can be ordered, and what the partner pays per order on top of the item prices.
  const catalog = await lab.catalog.get();
  console.log(`catalogue: ${catalog.tests.length} tests, ${catalog.panels.length} panels`);

  // One call places one order: the SDK makes the Idempotency-Key and retries safely with it.
  const order = await lab.orders.create({
    externalId: `quickstart-${Date.now()}`,
    patient: {
      firstName: 'Ana',
      lastName: 'Diaz',
      dateOfBirth: '1990-04-02',
      sex: 'female',
      email: 'ana@example.org',
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    },
    items: [{ id: 'cbc' }, { id: 'lipid-panel' }],
  });
  console.log(`created ${order.id}: ${order.status}, charged ${order.totalCents} cents`);

  // Sandbox: skip the lab's real timeline. In production, wait for the webhooks instead.
  await lab.sandbox.advanceTo(order.id, 'requisition_ready');
  const requisition = await lab.orders.requisition(order.id);
  console.log(`requisition ready until ${requisition.expiresAt}`);

  const done = await lab.sandbox.advanceTo(order.id, 'results_ready');
  const results = await lab.orders.results(done.id);
  console.log(`results (${results.source}): ${results.analytes.length} analytes, ${results.pdfs.length} PDF(s)`);
  for (const a of results.analytes.slice(0, 5)) {
    // A null flag means no verdict was made: never show it as normal.
    console.log(`  ${a.name}: ${a.valueText ?? a.value ?? '-'} ${a.unit ?? ''} [${a.flag ?? 'no verdict'}]`);
  }
  console.log(`status: ${(await lab.orders.get(order.id)).status}`);
} catch (err) {
  if (err instanceof LabTestsApiError) {
    console.error(`API error ${err.status} ${err.code}: ${err.message}`, err.details ?? '');
    if (err.retryable) console.error(`retry later with the same Idempotency-Key: ${err.idempotencyKey}`);
    process.exitCode = 1;
  } else throw err;
}

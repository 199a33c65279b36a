import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLabSimulator, type LabSimulator } from '../../infra/local/lab-simulator/index.js';
import { mllpLab } from '../../shared/adapters/mllp-lab.js';
import { parseMllpUrl } from '../../shared/adapters/mllp/framing.js';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import { parseOru } from '../../shared/domain/results/hl7.js';

// The local lab stand-in returns OBR-18 (placer field 1) with its results as a lab does: the
// production adapter's order message sends it the partner id over MLLP, and the results it posts
// to the inbound interface over HTTP carry that id back.

const catalog = loadSeedCatalog(SERVICE_CONFIG.restrictedStates);
const posted: string[] = [];
const inbound = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('latin1')));
  req.on('end', () => (posted.push(body), res.writeHead(200).end('MSA|AA')));
});
let lab: LabSimulator;

beforeAll(async () => {
  await new Promise<void>((ok) => inbound.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(inbound.address() as AddressInfo).port}`;
  lab = await startLabSimulator({ catalog, inbound: () => ({ url, token: 'lab-token' }), now: () => new Date() });
});
afterAll(async () => {
  await lab?.close();
  await new Promise((ok) => inbound.close(ok));
});

describe('the local lab stand-in', () => {
  it('returns the partner id our order message put in OBR-18 with its results', async () => {
    const test = catalog.tests[0]!;
    const order = {
      id: 'order_01kbenchorder0000000000000',
      partnerId: 'ptr_01kbenchpartner00000000000',
      items: [{ id: test.id, type: 'test', name: test.name, priceCents: 1, fastingRequired: false }],
      patient: {
        firstName: 'Ana',
        lastName: 'Quintero',
        dateOfBirth: '1975-05-06',
        sex: 'female',
        email: null,
        phone: null,
        address: { line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      },
      guardian: null,
    } as unknown as OrderRecord;
    const placed = await mllpLab({
      target: parseMllpUrl(lab.url),
      ackTimeoutMs: 2_000,
      config: {
        sendingApplication: 'LABTESTS',
        sendingFacility: 'LABTESTS',
        receivingApplication: 'SIMLAB',
        receivingFacility: 'SIMLAB',
        processingId: 'T',
        orderingPhysician: SERVICE_CONFIG.orderingPhysician,
      },
      catalog: async () => indexCatalog(catalog),
      now: () => new Date(),
      newControlId: () => 'C1',
    }).place(order);
    expect(placed.kind).toBe('placed');
    expect(lab.received(order.id)?.placerField1).toBe(order.partnerId);
    expect((await lab.deliver(order.id, 'normal')).status).toBe(200);
    const results = parseOru(posted.at(-1) ?? '');
    expect(results.ok && results.result.observationRequests.map((o) => [o.placerOrderNumber, o.placerField1])).toEqual([
      [order.id, order.partnerId],
    ]);
  });
});

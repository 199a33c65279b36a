import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabTestsClient } from '../../packages/sdk/src/index.js';
import { admin, newPartner, orderBody, type TestPartner } from '../support/partner.js';
import { baseUrl } from '../support/http.js';
import {
  packIntoEmptyProject,
  ROOT,
  run,
  startScript,
  waitForLine,
  type PackedProject,
} from '../support/sdk-package.js';

// What a partner gets: the SDK as an npm tarball, installed offline into an empty project, and the
// two examples run from that project against the local runtime.
let project: PackedProject;
let partner: TestPartner;
beforeAll(async () => {
  [project, partner] = await Promise.all([packIntoEmptyProject(), newPartner()]);
}, 180_000);
afterAll(() => rmSync(dirname(project.dir), { recursive: true, force: true }));

describe('the packed SDK', () => {
  it('is ESM with type declarations and installs with no runtime dependency', () => {
    const installed = join(project.dir, 'node_modules', '@lab-tests', 'sdk');
    const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    expect(pkg).toMatchObject({ name: '@lab-tests/sdk', type: 'module' });
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(project.files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'package.json']));
    // Nothing of the service's internals ships: only the SDK's own build, its README and the document.
    expect(
      project.files.filter((f) => !/^(dist\/|openapi\/partner\.json$|README\.md$|package\.json$)/.test(f)),
    ).toEqual([]);
    for (const f of project.files.filter((x) => x.endsWith('.js')))
      expect(readFileSync(join(installed, f), 'utf8')).not.toMatch(/from ['"](?!\.)/);
    expect(existsSync(join(project.dir, 'node_modules', 'zod'))).toBe(false);
  });

  it('type-checks in a TypeScript project that imports it', async () => {
    writeFileSync(
      join(project.dir, 'check.ts'),
      [
        "import { LabTestsClient, type Order, type WebhookEvent, type CreateOrderInput } from '@lab-tests/sdk';",
        "const lab = new LabTestsClient({ baseUrl: 'http://x', apiKey: 'sk_test_x' });",
        "const input: CreateOrderInput = { patient: { firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', sex: 'female', address: { line1: '1', city: 'c', state: 'TX', zip: '78701' } }, items: [{ id: 'cbc' }] };",
        'export async function f(): Promise<Order["status"]> { return (await lab.orders.create(input)).status; }',
        "export const t: WebhookEvent['type'] = 'order.results_ready';",
      ].join('\n'),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        'check.ts',
      ],
      { cwd: project.dir },
    );
  });

  it('runs the quickstart: create, advance, fetch results', async () => {
    const { stdout } = await run(process.execPath, ['quickstart.mjs'], {
      cwd: project.dir,
      env: { ...process.env, LAB_TESTS_BASE_URL: baseUrl(), LAB_TESTS_API_KEY: partner.key },
    });
    expect(stdout).toMatch(/^created order_\w+: processing, charged \d+ cents$/m);
    expect(stdout).toMatch(/^requisition ready until /m);
    expect(stdout).toMatch(/^results \(lab_electronic\): [1-9]\d* analytes, 1 PDF\(s\)$/m);
    expect(stdout).toMatch(/^status: results_ready$/m);
  });
});

describe('the webhook receiver example', () => {
  let receiver: { child: ChildProcess; lines: string[]; url: string };
  let hooked: TestPartner;
  beforeAll(async () => {
    hooked = await newPartner();
    const secret = (await admin('POST', `/partners/${hooked.id}/webhook-secret`)).body.secret as string;
    const started = await startScript(
      project.dir,
      'server.mjs',
      { PORT: '0', WEBHOOK_SECRET: secret, LAB_TESTS_BASE_URL: baseUrl(), LAB_TESTS_API_KEY: hooked.key },
      /listening on (http:\/\/\S+)/,
    );
    receiver = { child: started.child, lines: started.lines, url: started.match[1]! };
    await admin('PATCH', `/partners/${hooked.id}`, { webhookUrl: receiver.url });
  });
  afterAll(() => {
    receiver?.child.kill();
  });

  it('verifies, acknowledges and handles a test event', async () => {
    const lab = new LabTestsClient({ baseUrl: baseUrl(), apiKey: hooked.key });
    const sent = await lab.sandbox.sendTestEvent();
    expect(sent).toMatchObject({ delivered: true, httpStatus: 200 });
    await waitForLine(receiver.lines, (l) => l.includes('"handled":"webhook.test"') && l.includes(sent.id));
  });

  it('handles an order event once, reads the order for the truth, and acknowledges a replay as a duplicate', async () => {
    const lab = new LabTestsClient({ baseUrl: baseUrl(), apiKey: hooked.key });
    const order = await lab.orders.create(orderBody(['tsh']));
    await lab.orders.cancel(order.id);
    await waitForLine(
      receiver.lines,
      (l) => l.includes('"handled":"order.cancelled"') && l.includes(order.id) && l.includes('"status":"cancelled"'),
    );
    const [delivery] = (await lab.webhooks.deliveries({ orderId: order.id })).data;
    expect(delivery).toMatchObject({ status: 'succeeded' });
    const replayed = await lab.webhooks.replay(delivery!.id);
    expect(replayed.attempts.at(-1)).toMatchObject({ httpStatus: 200 });
    await waitForLine(receiver.lines, (l) => l === JSON.stringify({ duplicate: delivery!.id }));
    expect(
      receiver.lines.filter((l) => l.includes('"handled":"order.cancelled"') && l.includes(order.id)),
    ).toHaveLength(1);
  });

  it('refuses a delivery whose signature does not match its raw body', async () => {
    const body = JSON.stringify({
      id: 'forged',
      type: 'order.results_ready',
      createdAt: new Date().toISOString(),
      data: {},
    });
    const res = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Service-Signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
        'X-Service-Delivery': 'forged',
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(receiver.lines).not.toContainEqual(expect.stringContaining('"handled":"order.results_ready"'));
  });
});

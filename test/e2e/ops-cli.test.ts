import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject, describe, expect, it } from 'vitest';
import { api, placeOrder } from '../support/partner.js';

// The ops CLI driven against the local runtime, as an operator runs it: `npm run ops -- ...`.
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function ops(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tools/ops/main.ts', ...argv],
      { cwd: repoRoot, env: { ...process.env, OPS_URL: inject('baseUrl'), ADMIN_TOKEN: inject('adminToken') } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (r: { stdout: string }): any => JSON.parse(r.stdout);

describe('ops CLI', () => {
  it('prints its usage with --help (exit 0) and refuses an unknown command (exit 2, usage on stderr)', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run ops -- <command>');
    expect(help.stdout).toContain('audit [--order <value>]');
    const unknown = await ops('partners explode');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown command: partners explode');
    expect(unknown.stderr).toContain('Usage:');
    expect((await ops('keys revoke', 'only-one-arg')).code).toBe(2);
  }, 60_000);

  it('creates a partner and a key, sets a webhook and secret, lists deliveries, reads the audit trail', async () => {
    const created = await ops('partners', 'create', 'CLI Clinic', '--payment-method', 'pm_card_visa');
    expect(created.code, created.stderr).toBe(0);
    const partner = json(created);
    expect(partner).toMatchObject({ name: 'CLI Clinic', status: 'active' });

    const key = json(await ops('keys', 'create', partner.id));
    expect(key.key).toMatch(/^sk_test_/);
    const hook = await ops('webhook', 'set-url', partner.id, 'http://127.0.0.1:9/hooks');
    expect(json(hook).webhookUrl).toBe('http://127.0.0.1:9/hooks');
    const secret = json(await ops('webhook', 'rotate-secret', partner.id));
    expect(secret.secret).toEqual(expect.any(String));

    // The key works on the partner API; its order's webhooks show in the delivery list.
    const order = (await placeOrder({ id: partner.id, key: key.key, keyId: key.id }, ['tsh'])).body;
    await api(key.key, 'POST', `/sandbox/orders/${order.id}/advance`);
    const deliveries = await ops('deliveries', 'list', '--partner', partner.id);
    expect(deliveries.code, deliveries.stderr).toBe(0);
    expect(json(deliveries).data.map((d: { orderId: string }) => d.orderId)).toContain(order.id);

    const listed = json(await ops('partners', 'list', '--limit', '100'));
    expect(listed.data.map((p: { id: string }) => p.id)).toContain(partner.id);

    const trail = json(await ops('audit', '--partner', partner.id));
    expect(trail.data.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining([
        'partner.created',
        'key.created',
        'partner.updated',
        'webhook.secret_rotated',
        'order.created',
      ]),
    );
    const revoked = await ops('keys', 'revoke', partner.id, key.id);
    expect(json(revoked).revokedAt).toEqual(expect.any(String));
  }, 180_000); // a dozen CLI processes on a busy machine

  it('exits 1 with the API’s error on stderr when the API refuses', async () => {
    const res = await ops('audit');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('HTTP 400');
    expect(res.stderr).toContain('validation_error');
  }, 60_000);
});

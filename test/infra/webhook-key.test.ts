import { describe, expect, it } from 'vitest';
import { manifestFunctions, ROUTES, WEBHOOK_KEY_USERS } from '../../shared/manifest/index.js';
import { synthesize } from '../support/synth.js';

const { template } = synthesize();

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
type Policy = { Properties: { PolicyDocument: { Statement: Statement[] } } };
type Fn = { Properties: { Environment?: { Variables?: Record<string, unknown> } } };

// Functions that write the orders table yet send no webhook: order creation (no transition) and
// Stripe's events (no webhook event).
const WRITES_BUT_SENDS_NOTHING = ['PartnerOrdersCreate', 'StripeWebhook'];

describe.each(['sandbox', 'production'] as const)('%s webhook signing key', (stage) => {
  const t = template(stage);
  const keyId = Object.keys(t.findResources('AWS::KMS::Key')).find((k) => k.startsWith('WebhookSigningKey')) as string;
  // The key lives in the data stack: a policy names it through the export (or the nested stack's
  // parameter) CDK makes for it, whose name holds the key's logical id.
  const onKey = (s: Statement) => JSON.stringify(s.Resource).includes(keyId);
  const grants = Object.entries(t.findResources('AWS::IAM::Policy') as Record<string, Policy>).flatMap(([id, p]) =>
    p.Properties.PolicyDocument.Statement.filter(onKey).map((s) => ({ fn: id.replace(/Fn.*$/, ''), statement: s })),
  );
  const ids = new Set(manifestFunctions(stage).map((f) => f.id));
  const deployed = (fn: string) => (ids.has(fn) ? [fn] : []);
  const users = (use: 'open' | 'seal') =>
    Object.entries(WEBHOOK_KEY_USERS)
      .filter(([, u]) => u === use)
      .flatMap(([fn]) => deployed(fn))
      .sort();
  const holders = (action: string) =>
    grants
      .filter((g) => ([] as string[]).concat(g.statement.Action).includes(action))
      .map((g) => g.fn)
      .sort();

  it('has its own key, rotated, and only the senders may Decrypt, only the rotation GenerateDataKey', () => {
    expect(keyId).toBeDefined();
    expect(t.findResources('AWS::KMS::Key')[keyId]?.Properties).toMatchObject({ EnableKeyRotation: true });
    expect(holders('kms:Decrypt')).toEqual(users('open'));
    expect(holders('kms:GenerateDataKey')).toEqual(['AdminWebhookSecret']);
    expect(users('open')).toContain('WebhookWorker');
    expect(users('open')).not.toContain('WebhookCron');
    for (const g of grants) {
      expect(([] as string[]).concat(g.statement.Action), g.fn).toHaveLength(1);
      expect(g.statement.Condition, g.fn).toEqual({
        StringEquals: { 'kms:EncryptionContext:purpose': 'webhook-signing' },
      });
    }
  });

  it('no role holds KMS rights on every key', () => {
    const policies = Object.values(t.findResources('AWS::IAM::Policy') as Record<string, Policy>);
    const wildcard = policies
      .flatMap((p) => p.Properties.PolicyDocument.Statement)
      .filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('kms:')) && s.Resource === '*');
    expect(wildcard).toEqual([]);
  });

  it('the key’s users, and only they, are told its ARN; every function that writes orders is one or sends nothing', () => {
    const fns = Object.entries(t.findResources('AWS::Lambda::Function') as Record<string, Fn>);
    const told = fns
      .filter(([, f]) => f.Properties.Environment?.Variables?.WEBHOOK_KEY_ARN !== undefined)
      .map(([id]) => id.replace(/Fn[0-9A-F]{8}$/, ''))
      .sort();
    expect(told).toEqual([...users('open'), ...users('seal')].sort());
    const writers = ROUTES.filter((r) => !r.localOnly && r.tables.orders === 'readWrite').flatMap((r) =>
      deployed(r.fn),
    );
    // Routes sharing a module share the first route's function.
    const unique = writers.filter((fn) => !/^DashboardActions\d$/.test(fn));
    for (const fn of unique)
      expect(fn in WEBHOOK_KEY_USERS || WRITES_BUT_SENDS_NOTHING.includes(fn), `${fn} writes orders`).toBe(true);
    expect(WRITES_BUT_SENDS_NOTHING.filter((fn) => !unique.includes(fn))).toEqual([]);
  });
});

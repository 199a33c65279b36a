import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes.js';
import { synthesize } from '../support/synth.js';

const { template } = synthesize();

type Statement = { Action: string | string[]; Effect: string; Resource: unknown; Condition?: unknown };
type Policy = { Properties: { PolicyDocument: { Statement: Statement[] } } };

describe.each(['sandbox', 'production'] as const)('%s table access', (stage) => {
  const t = template(stage);
  const policies = t.findResources('AWS::IAM::Policy') as Record<string, Policy>;
  const tableId = (logical: string) =>
    Object.keys(t.findResources('AWS::DynamoDB::GlobalTable')).find((id) => id.startsWith(`Data${logical}`)) as string;
  const patientKey = Object.keys(t.findResources('AWS::KMS::Key')).find((k) => k.startsWith('DataKey')) as string;
  const policyOf = (fn: string) => {
    const found = Object.entries(policies).find(([id]) => id.startsWith(`${fn}FnServiceRoleDefaultPolicy`));
    expect(found, fn).toBeDefined();
    return (found as [string, Policy])[1].Properties.PolicyDocument.Statement;
  };
  const allowsOn = (statements: Statement[], table: string) =>
    statements.filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Resource).includes(`"${tableId(table)}"`));

  it('the partner authorizer reads only the partners table: no orders, no patient-data key', () => {
    const statements = policyOf('PartnerAuthorizer');
    expect(allowsOn(statements, 'Partners').length).toBeGreaterThan(0);
    for (const table of ['Orders', 'Idempotency', 'Audit']) expect(allowsOn(statements, table), table).toEqual([]);
    expect(JSON.stringify(statements)).not.toContain(`"${patientKey}"`);
    for (const s of allowsOn(statements, 'Partners'))
      expect(([] as string[]).concat(s.Action).every((a) => /^dynamodb:(Get|BatchGet|Query|Condition)/.test(a))).toBe(
        true,
      );
  });

  it('the partners table is encrypted with the reference-data key, not the patient-data key', () => {
    const partners = t.findResources('AWS::DynamoDB::GlobalTable')[tableId('Partners')];
    expect(JSON.stringify(partners)).not.toContain(`"${patientKey}"`);
  });

  it('functions that read only their partner’s orders are held to partner# partitions, with no index', () => {
    const own = ROUTES.filter((r) => r.tables.orders === 'readOwn');
    expect(own.map((r) => r.fn).sort()).toEqual([
      'PartnerOrdersGet',
      'PartnerOrdersRequisition',
      'PartnerOrdersResults',
    ]);
    for (const route of own) {
      const onOrders = allowsOn(policyOf(route.fn), 'Orders');
      expect(onOrders.length, route.fn).toBe(1);
      expect(onOrders[0]?.Condition, route.fn).toEqual({
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['partner#*'] },
      });
      expect(JSON.stringify(onOrders[0]?.Resource), route.fn).not.toContain('/index/');
      expect(([] as string[]).concat(onOrders[0]?.Action ?? []).some((a) => /Put|Update|Delete|Write/.test(a))).toBe(
        false,
      );
    }
  });

  it('partner and operator functions that never touch orders hold no grant on them', () => {
    for (const fn of ['PartnerCatalog', 'AdminPartnersCreate', 'AdminPartnersList', 'DashboardLogin'])
      expect(allowsOn(policyOf(fn), 'Orders'), fn).toEqual([]);
  });
});

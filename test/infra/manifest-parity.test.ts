import { describe, expect, it } from 'vitest';
import {
  BACKGROUND,
  environmentOf,
  manifestFunctions,
  scheduleTargetsFor,
  type ManifestFunction,
} from '../../shared/manifest/index.js';
import { synthesize } from '../support/synth.js';

// The function manifest (shared/manifest) and the synthesized templates say the same thing: each
// entry became the right resource, and the templates hold nothing the manifest does not declare.

interface Resource {
  Type: string;
  Properties: Record<string, unknown>;
}
const { template } = synthesize();

describe.each(['sandbox', 'production'] as const)('%s: the manifest is the stack', (stage) => {
  const resources = template(stage).toJSON().Resources as Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const manifest = manifestFunctions(stage);
  // Our functions carry the service's Powertools name; the others are CDK's own framework functions.
  const ours = ofType('AWS::Lambda::Function').filter(
    ([, r]) =>
      (r.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.POWERTOOLS_SERVICE_NAME,
  );
  const logicalIdOf = (f: ManifestFunction) => {
    const found = ours.filter(([id]) => new RegExp(`^${f.id}Fn[0-9A-F]{8}$`).test(id));
    expect(found.length, f.id).toBe(1);
    return found[0]?.[0] as string;
  };
  // Within a template a Ref or GetAtt names the id; from a nested stack, a parameter whose name contains it.
  // (named by the path, with a hash of its own): compare without the hash.
  const refersTo = (value: unknown, id: string) =>
    JSON.stringify(value ?? null).includes(id.replace(/[0-9A-F]{8}$/, ''));

  it('deploys one Lambda per manifest function, with the environment each declaration implies, and no other', () => {
    expect(ours.length).toBe(manifest.length);
    for (const f of manifest) {
      const vars = (resources[logicalIdOf(f)]?.Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      for (const name of [...environmentOf(f, stage), 'SERVICE_ENVIRONMENT', 'PUBLIC_BASE_URL'])
        expect(vars[name], `${f.id} ${name}`).toBeDefined();
      expect(resources[logicalIdOf(f)]?.Properties.Timeout, f.id).toBe(f.spec.timeoutSeconds ?? 15);
    }
    const framework = ofType('AWS::Lambda::Function').filter(([id]) => !ours.some(([o]) => o === id));
    for (const [id] of framework) expect(id).toMatch(/framework|AutoDeleteObjects/i);
  });

  it('gives every route its method, path, authorizer and API key requirement, and makes no other method', () => {
    const paths = new Map<string, string>();
    const pathOf = (ref: unknown): string => {
      const id = (ref as { Ref?: string }).Ref;
      if (!id) return ''; // the API's root resource
      if (!paths.has(id)) {
        const r = resources[id] as Resource;
        paths.set(id, `${pathOf(r.Properties.ParentId)}/${r.Properties.PathPart as string}`);
      }
      return paths.get(id) as string;
    };
    const methods = ofType('AWS::ApiGateway::Method')
      .filter(([, m]) => m.Properties.HttpMethod !== 'OPTIONS')
      .map(([, m]) => ({ path: pathOf(m.Properties.ResourceId) || '/', ...m.Properties }) as Record<string, unknown>);
    const routes = manifest.flatMap((f) => f.routes.filter((r) => r.api !== 'mcp').map((route) => ({ f, route })));
    expect(methods.length).toBe(routes.length);
    for (const { f, route } of routes) {
      const found = methods.filter((m) => m.path === route.path && m.HttpMethod === route.method);
      expect(found.length, `${route.method} ${route.path}`).toBe(1);
      const m = found[0] as (typeof methods)[number];
      expect(refersTo(m.Integration, logicalIdOf(f)), `${route.method} ${route.path} integration`).toBe(true);
      const auth = { partner: 'CUSTOM', operator: 'AWS_IAM', lab: 'AWS_IAM', none: 'NONE' }[route.auth];
      expect(m.AuthorizationType ?? 'NONE', `${route.method} ${route.path} authorization`).toBe(
        route.api === 'operator' ? 'AWS_IAM' : auth,
      );
      expect(Boolean(m.ApiKeyRequired), `${route.method} ${route.path} API key`).toBe(route.auth === 'partner');
      if (route.auth === 'partner') {
        const authorizer = manifest.find((g) => g.authorizer) as ManifestFunction;
        const [, a] = ofType('AWS::ApiGateway::Authorizer')[0] as [string, Resource];
        expect(refersTo(a.Properties.AuthorizerUri, logicalIdOf(authorizer))).toBe(true);
      }
    }
    const mcp = manifest.filter((f) => f.routes.some((r) => r.api === 'mcp'));
    expect(ofType('AWS::Lambda::Url').map(([, u]) => u.Properties.TargetFunctionArn)).toEqual(
      mcp.map((f) => ({ 'Fn::GetAtt': [logicalIdOf(f), 'Arn'] })),
    );
  });

  it('makes each schedule target its group, its scheduler role (allowed to invoke it) and its dead-letter queue', () => {
    const targets = scheduleTargetsFor(stage);
    expect(ofType('AWS::Scheduler::ScheduleGroup').map(([, g]) => g.Properties.Name)).toEqual(
      targets.map((key) => BACKGROUND.scheduleTargets[key].group(stage)),
    );
    // One-time schedules are made at run time by the functions that declare them, never by the stack.
    expect(ofType('AWS::Scheduler::Schedule')).toEqual([]);
    const roles = ofType('AWS::IAM::Role').filter(([, r]) =>
      JSON.stringify(r.Properties).includes('scheduler.amazonaws'),
    );
    expect(roles.length).toBe(targets.length);
    for (const key of targets) {
      const target = manifest.find((f) => f.scheduleTargets.includes(key)) as ManifestFunction;
      const [roleId] =
        roles.find(([id]) => id.startsWith(`${key[0]?.toUpperCase()}${key.slice(1)}SchedulerRole`)) ?? [];
      expect(roleId, key).toBeDefined();
      const policies = ofType('AWS::IAM::Policy').filter(([, p]) => refersTo(p.Properties.Roles, roleId as string));
      expect(policies.some(([, p]) => refersTo(p.Properties.PolicyDocument, logicalIdOf(target)))).toBe(true);
      // Its creators get the group, target, role and dead-letter queue (environmentOf), and CreateSchedule.
      for (const f of manifest.filter((g) => g.spec.schedules?.includes(key))) {
        const vars = (resources[logicalIdOf(f)]?.Properties.Environment as { Variables: Record<string, unknown> })
          .Variables;
        const env = BACKGROUND.scheduleTargets[key].env;
        expect(refersTo(vars[`${env}_TARGET_ARN`], logicalIdOf(target)), `${f.id} ${env}`).toBe(true);
        expect(refersTo(vars[`${env}_ROLE_ARN`], roleId as string), `${f.id} ${env}`).toBe(true);
      }
    }
  });

  it('makes each sweep its rule (rate, target, input) and nothing else a rule', () => {
    const rules = ofType('AWS::Events::Rule');
    expect(rules.length).toBe(Object.keys(BACKGROUND.rules).length);
    for (const rule of Object.values(BACKGROUND.rules)) {
      const f = manifest.find((g) => g.spec.entry === rule.function.entry) as ManifestFunction;
      const found = rules.filter(([, r]) => {
        const target = (r.Properties.Targets as Array<{ Arn: unknown; Input?: string }>)[0];
        return (
          r.Properties.ScheduleExpression === `rate(${rule.rateMinutes} minutes)` &&
          refersTo(target?.Arn, logicalIdOf(f)) &&
          (target?.Input ?? null) === (rule.input ? JSON.stringify(rule.input) : null)
        );
      });
      expect(found.length, rule.function.fn).toBe(1);
    }
  });

  it('makes each queue its consumer mapping (batch, partial failures), visibility and redrive, and no other mapping', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBe(Object.keys(BACKGROUND.queues).length);
    for (const [key, spec] of Object.entries(BACKGROUND.queues)) {
      const consumer = manifest.find((f) => f.queueConsumer === key) as ManifestFunction;
      const [, mapping] = mappings.find(([, m]) => refersTo(m.Properties.FunctionName, logicalIdOf(consumer))) ?? [];
      expect(mapping?.Properties).toMatchObject({
        BatchSize: spec.batchSize,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const queueId = (mapping?.Properties.EventSourceArn as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0] as string;
      expect(resources[queueId]?.Properties).toMatchObject({
        VisibilityTimeout: spec.visibilityTimeoutSeconds,
        RedrivePolicy: { maxReceiveCount: spec.maxReceiveCount },
      });
      // Every function that may attempt a delivery may send its retry there, and only those.
      const senders = ours.filter(([, r]) =>
        refersTo((r.Properties.Environment as { Variables: unknown }).Variables, queueId),
      );
      expect(senders.map(([id]) => id).sort()).toEqual(
        manifest
          .filter((f) => f.sends.includes(key as 'webhookRetries'))
          .map(logicalIdOf)
          .sort(),
      );
    }
  });

  it('makes each custom resource from its manifest function, and no other', () => {
    const custom = ofType('AWS::CloudFormation::CustomResource');
    expect(custom.length).toBe(Object.keys(BACKGROUND.customResources).length);
  });
});

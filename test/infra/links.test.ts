import { TEST_LAB_ENDPOINT } from '../support/synth.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { deployedRoutes, ServiceStack } from '../../infra/aws/service-stack.js';
import { STAGES } from '../../infra/aws/stages.js';
import { parseRuntimeEnv } from '../../shared/config/runtime-env.js';
import { ROUTES } from '../../shared/manifest/index.js';
import { synthesize } from '../support/synth.js';

const { template } = synthesize();
const LINK_BUILDERS =
  /requestOrigin|publicOrigin|pageOrigin|publicLinks|PUBLIC_BASE_URL|pageHandler|publicHandler|partnerHandler|operatorHandler/;

type Fn = { Properties: { Environment?: { Variables: Record<string, unknown> } } };
const envOf = (t: Template, fn: string) => {
  const found = Object.entries(t.findResources('AWS::Lambda::Function')).find(([id]) =>
    new RegExp(`^${fn}Fn[0-9A-F]{8}$`).test(id),
  );
  return (found?.[1] as Fn | undefined)?.Properties.Environment?.Variables ?? {};
};

/** Handler modules that build links (directly or through the shared HTTP handlers). */
function linkBuildingEntries(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts') && LINK_BUILDERS.test(readFileSync(p, 'utf8'))) files.push(p);
    }
  };
  walk('functions');
  return files;
}

describe.each(['sandbox', 'production'] as const)('%s links', (stage) => {
  const t = template(stage);
  const routes = deployedRoutes(STAGES[stage]);

  it('every link-building handler is a deployed route whose function gets PUBLIC_BASE_URL: the public stage URL with /v1', () => {
    const entries = linkBuildingEntries();
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) {
      // Local-only routes and, in production, the sandbox helpers are absent by design.
      const route = ROUTES_BY_ENTRY(stage).get(entry);
      if (!route) {
        const absentByDesign = ROUTES.filter((r) => r.entry === entry).every(
          (r) => r.localOnly || (r.sandboxOnly && stage === 'production'),
        );
        expect(absentByDesign, entry).toBe(true);
        continue;
      }
      const base = envOf(t, route)['PUBLIC_BASE_URL'];
      // In a nested stack (the operator API's) the public API's id comes in as a parameter named after it.
      expect(JSON.stringify(base), entry).toMatch(
        /"https:\/\/",\{"Ref":"(referenceto\w*)?PublicApi[0-9A-F]{8}(Ref)?"\},"\.execute-api\./,
      );
      expect(JSON.stringify(base), entry).toContain('"/v1"]');
    }
    expect(envOf(t, 'Mcp')['PUBLIC_BASE_URL']).toBeDefined();
    for (const route of routes)
      expect(envOf(t, firstFnOf(routes, route.entry))['PUBLIC_BASE_URL'], route.fn).toBeDefined();
  });

  it('the partner OpenAPI document names the partner API as its server', () => {
    expect(JSON.stringify(envOf(t, 'PartnerOpenApi')['API_BASE_URL'])).toMatch(/PartnerApi[0-9A-F]{8}/);
  });
});

const firstFnOf = (routes: ReturnType<typeof deployedRoutes>, entry: string) =>
  (routes.find((r) => r.entry === entry) as { fn: string }).fn;
function ROUTES_BY_ENTRY(stage: 'sandbox' | 'production'): Map<string, string> {
  const routes = deployedRoutes(STAGES[stage]);
  return new Map(routes.map((r) => [r.entry, firstFnOf(routes, r.entry)]));
}

describe('links with a custom domain', () => {
  it('use the domain, without the stage prefix', () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new ServiceStack(app, 'Domains', {
      env: { region: 'eu-central-1' },
      stage: {
        ...STAGES.production,
        lab: TEST_LAB_ENDPOINT,
        domains: { public: { name: 'labs.example.com', certificateArn: 'arn:aws:acm:eu-central-1:1:certificate/x' } },
      },
    });
    const t = Template.fromStack(stack);
    expect(envOf(t, 'PublicQuote')['PUBLIC_BASE_URL']).toBe('https://labs.example.com');
    expect(envOf(t, 'Mcp')['PUBLIC_BASE_URL']).toBe('https://labs.example.com');
    t.hasOutput('publicDomainTarget', {});
  }, 60_000);
});

describe('a deployed function never falls back to the Host header or to local defaults', () => {
  const deployed = {
    AWS_LAMBDA_FUNCTION_NAME: 'fn',
    SERVICE_ENVIRONMENT: 'production',
    PUBLIC_BASE_URL: 'https://x.example',
  };

  it('stops without PUBLIC_BASE_URL or SERVICE_ENVIRONMENT', () => {
    expect(() => parseRuntimeEnv({ ...deployed, PUBLIC_BASE_URL: undefined })).toThrow(/PUBLIC_BASE_URL: required/);
    expect(() => parseRuntimeEnv({ ...deployed, SERVICE_ENVIRONMENT: undefined })).toThrow(
      /SERVICE_ENVIRONMENT: required/,
    );
    expect(parseRuntimeEnv(deployed).PUBLIC_BASE_URL).toBe('https://x.example');
    // The local runtime keeps its defaults.
    expect(parseRuntimeEnv({}).SERVICE_ENVIRONMENT).toBe('sandbox');
  });
});

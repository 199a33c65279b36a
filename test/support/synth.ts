import type { Stack } from 'aws-cdk-lib';
import { App, NestedStack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/aws/app.js';
import type { ServiceStack } from '../../infra/aws/service-stack.js';

/** A lab endpoint for the production stage, which refuses to synthesize without one. */
export const TEST_LAB_ENDPOINT = {
  host: 'mllp.lab.example',
  port: 6661,
  tls: true,
  sendingFacility: 'LABTESTS',
  receivingFacility: 'REFLAB',
};

type Json = Record<string, Record<string, unknown> | undefined>;

/** One view of a stage: its stateless stack's template, its nested stacks' and its data stack's, merged (logical ids never collide). */
export function stageTemplate(service: ServiceStack): Template {
  const nested = service.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack);
  const parts = [service.dataStack, service, ...nested].map((s: Stack) => Template.fromStack(s).toJSON() as Json);
  const merged: Json = {};
  for (const section of ['Resources', 'Outputs', 'Parameters', 'Conditions']) {
    const entries = parts.flatMap((p) => Object.entries(p[section] ?? {}));
    const ids = entries.map(([id]) => id);
    if (section === 'Resources' && new Set(ids).size !== ids.length)
      throw new Error('logical ids collide across stacks');
    merged[section] = Object.fromEntries(entries);
  }
  return Template.fromJSON(merged);
}

let cached: { app: App; stacks: Record<string, ServiceStack> } | null = null;

/** Synthesises both stages once per test file, skipping esbuild bundling (assets are not inspected). */
export function synthesize(): {
  app: App;
  stacks: Record<string, ServiceStack>;
  template(stage: 'sandbox' | 'production'): Template;
} {
  if (!cached) {
    const app = buildApp(new App({ context: { 'aws:cdk:bundling-stacks': [], labEndpoint: TEST_LAB_ENDPOINT } }));
    const stacks = Object.fromEntries(app.node.children.map((c) => [c.node.id, c as ServiceStack]));
    cached = { app, stacks };
  }
  const { app, stacks } = cached;
  const templates = new Map<string, Template>();
  return {
    app,
    stacks,
    template: (stage) => {
      const id = `LabTests-${stage}`;
      if (!templates.has(id)) templates.set(id, stageTemplate(stacks[id] as ServiceStack));
      return templates.get(id) as Template;
    },
  };
}

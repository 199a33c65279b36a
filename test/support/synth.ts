import { App } from 'aws-cdk-lib';
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
      if (!templates.has(id)) templates.set(id, Template.fromStack(stacks[id] as ServiceStack));
      return templates.get(id) as Template;
    },
  };
}

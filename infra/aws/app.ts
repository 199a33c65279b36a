import { App, Tags } from 'aws-cdk-lib';
import { ServiceStack } from './service-stack.js';
import { DataStack } from './data-stack.js';
import { labEndpointFromContext, STAGES, type StageName } from './stages.js';
import { addNagGate } from './nag.js';

// Both stages from one app, two stacks each: `cdk deploy LabTests-sandbox-data LabTests-sandbox` (or production).
export function buildApp(app = new App()): App {
  for (const name of Object.keys(STAGES) as StageName[]) {
    const stage =
      name === 'production'
        ? { ...STAGES[name], lab: labEndpointFromContext(app.node.tryGetContext('labEndpoint')) }
        : STAGES[name];
    const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' };
    // Production holds patient data: deleting either of its stacks takes a deliberate extra step.
    const props = { stage, env, terminationProtection: STAGES[name].retainData };
    // The stage's state first (keys, tables, bucket, secret), then the stateless stack that uses it.
    const data = new DataStack(app, `LabTests-${name}-data`, props);
    const service = new ServiceStack(app, `LabTests-${name}`, { ...props, data });
    for (const stack of [data, service]) {
      Tags.of(stack).add('service', 'lab-tests');
      Tags.of(stack).add('stage', name);
    }
  }
  return app;
}

// `cdk synth` and `cdk deploy` fail on any cdk-nag finding not acknowledged (infra/aws/nag.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const app = buildApp();
  addNagGate(app);
  app.synth();
}

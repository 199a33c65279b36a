import { App, Tags } from 'aws-cdk-lib';
import { ServiceStack } from './service-stack.js';
import { labEndpointFromContext, STAGES, type StageName } from './stages.js';
import { addNagGate } from './nag.js';

// Both stages from one app; `cdk deploy LabTests-sandbox` or `LabTests-production`.
export function buildApp(app = new App()): App {
  for (const name of Object.keys(STAGES) as StageName[]) {
    const stack = new ServiceStack(app, `LabTests-${name}`, {
      stage:
        name === 'production'
          ? { ...STAGES[name], lab: labEndpointFromContext(app.node.tryGetContext('labEndpoint')) }
          : STAGES[name],
      // Production holds patient data: deleting its stack takes a deliberate extra step.
      terminationProtection: STAGES[name].retainData,
      env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' },
    });
    Tags.of(stack).add('service', 'lab-tests');
    Tags.of(stack).add('stage', name);
  }
  return app;
}

// `cdk synth` and `cdk deploy` fail on any cdk-nag finding not acknowledged (infra/aws/nag.ts).
if (import.meta.url === `file://${process.argv[1]}`) {
  const app = buildApp();
  addNagGate(app);
  app.synth();
}

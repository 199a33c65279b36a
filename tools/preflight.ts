import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { concurrencyNeeded, operatorSecrets, STAGES, type StageName } from '../infra/aws/stages.js';

// `npm run preflight -- <stage>`: what the account is missing before `cdk deploy` would roll back.
// Reads only: Lambda account settings, the Stripe secrets' descriptions (never their values), and
// the CDK bootstrap version parameter.

/** The SDK clients the checks use, injected so a test can answer for AWS. */
export interface PreflightClients {
  lambda: Pick<LambdaClient, 'send'>;
  secrets: Pick<SecretsManagerClient, 'send'>;
  ssm: Pick<SSMClient, 'send'>;
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The bootstrap version the CDK's default synthesizer requires of the account and region. */
export const REQUIRED_BOOTSTRAP_VERSION = 6;

/** The secrets an operator creates before the first deploy of a stage (see the README's deploy guide). */
export function requiredSecrets(stage: StageName): Array<{ name: string; purpose: string }> {
  const names = operatorSecrets(stage);
  return [
    { name: names.stripe, purpose: 'the Stripe API key' },
    { name: names.stripeWebhook, purpose: 'the signing secret of Stripe’s events to POST /stripe/webhook' },
  ];
}

const errorName = (err: unknown) => (err as { name?: string }).name ?? 'Error';

export async function preflight(clients: PreflightClients, stage: StageName): Promise<Check[]> {
  const checks: Check[] = [];
  const needed = concurrencyNeeded(STAGES[stage]);
  try {
    const settings = await clients.lambda.send(new GetAccountSettingsCommand({}));
    const limit = settings.AccountLimit?.ConcurrentExecutions ?? 0;
    const unreserved = settings.AccountLimit?.UnreservedConcurrentExecutions ?? limit;
    // Without reservations the functions share the account pool; 100 is a sane floor for a stage.
    const floor = Math.max(needed, 100);
    checks.push({
      name: 'Lambda concurrency quota',
      ok: limit >= floor,
      detail:
        limit >= floor
          ? `${limit} concurrent executions (${unreserved} unreserved); this stage needs ${floor}`
          : `${limit} concurrent executions; this stage needs ${floor}: request an increase of "Concurrent executions" in Service Quotas`,
    });
  } catch (err) {
    checks.push({ name: 'Lambda concurrency quota', ok: false, detail: `could not read (${errorName(err)})` });
  }
  for (const { name, purpose } of requiredSecrets(stage)) {
    try {
      const described = await clients.secrets.send(new DescribeSecretCommand({ SecretId: name }));
      // A secret created without a value has no current version: functions would fail at first use.
      const current = Object.values(described.VersionIdsToStages ?? {}).some((s) => s.includes('AWSCURRENT'));
      checks.push({
        name: `Secret ${name}`,
        ok: current,
        detail: current ? `present (${purpose})` : `has no current value: put ${purpose} in it`,
      });
    } catch (err) {
      const missing = errorName(err) === 'ResourceNotFoundException';
      checks.push({
        name: `Secret ${name}`,
        ok: false,
        detail: missing
          ? `missing: create it with ${purpose} (see the README, "Deploying to AWS")`
          : `could not read (${errorName(err)})`,
      });
    }
  }
  try {
    const param = await clients.ssm.send(new GetParameterCommand({ Name: '/cdk-bootstrap/hnb659fds/version' }));
    const version = Number(param.Parameter?.Value ?? 0);
    checks.push({
      name: 'CDK bootstrap',
      ok: version >= REQUIRED_BOOTSTRAP_VERSION,
      detail:
        version >= REQUIRED_BOOTSTRAP_VERSION
          ? `version ${version}`
          : `version ${version} is older than ${REQUIRED_BOOTSTRAP_VERSION}: run npx cdk bootstrap`,
    });
  } catch (err) {
    const missing = errorName(err) === 'ParameterNotFound';
    checks.push({
      name: 'CDK bootstrap',
      ok: false,
      detail: missing
        ? 'not bootstrapped: run npx cdk bootstrap aws://ACCOUNT/REGION'
        : `could not read (${errorName(err)})`,
    });
  }
  return checks;
}

export function report(checks: Check[]): string {
  return checks.map((c) => `${c.ok ? 'ok     ' : 'MISSING'} ${c.name}: ${c.detail}`).join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stage = (process.argv[2] ?? 'sandbox') as StageName;
  if (!(stage in STAGES)) {
    console.error(`Unknown stage ${stage}: one of ${Object.keys(STAGES).join(', ')}`);
    process.exit(2);
  }
  const checks = await preflight(
    { lambda: new LambdaClient({}), secrets: new SecretsManagerClient({}), ssm: new SSMClient({}) },
    stage,
  );
  console.log(report(checks));
  process.exit(checks.every((c) => c.ok) ? 0 : 1);
}

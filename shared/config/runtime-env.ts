import { LOCAL_TABLE_NAMES } from './table-names.js';

// The environment a handler runs in, read once per container. The CDK stack and the local
// runtime both set these variables. Besides this table, only process-wide settings are read
// directly: LOG_LEVEL (the logger), AWS_LAMBDA_FUNCTION_NAME and METRICS_TO_LOG (the metrics sink),
// AWS_REGION (the DynamoDB and S3 clients) and LOCAL_FAULT_INJECTION (the composition root).
//
// A table of our own rather than a zod schema: every function reads its environment at its cold
// start, and zod/mini cost that start about 4 ms to load, build 50 schemas and parse, for four kinds
// of value (text, a URL, a whole number, one of a list) whose checks are a line each.

type Spec =
  | { kind: 'text'; min: number; default?: string }
  | { kind: 'url' }
  | { kind: 'any' }
  | { kind: 'positiveInt'; default: number }
  | { kind: 'oneOf'; values: readonly [string, ...string[]]; default: string };

const text = <D extends string | undefined = undefined>(min: number, fallback?: D) =>
  ({ kind: 'text', min, default: fallback as D }) as const;
const url = { kind: 'url' } as const;
const any = { kind: 'any' } as const;
const positiveInt = (fallback: number) => ({ kind: 'positiveInt', default: fallback }) as const;
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  ({ kind: 'oneOf', values, default: fallback }) as const;

/** Every variable: its kind and, where the local runtime may leave it unset, its default. */
export const RUNTIME_ENV = {
  CATALOG_TABLE: text(3, LOCAL_TABLE_NAMES.catalog),
  ORDERS_TABLE: text(3, LOCAL_TABLE_NAMES.orders),
  PARTNERS_TABLE: text(3, LOCAL_TABLE_NAMES.partners),
  IDEMPOTENCY_TABLE: text(3, LOCAL_TABLE_NAMES.idempotency),
  RATE_LIMIT_TABLE: text(3, LOCAL_TABLE_NAMES.rateLimits),
  AUDIT_TABLE: text(3, LOCAL_TABLE_NAMES.audit),
  DYNAMODB_ENDPOINT: url,
  /** The public site's origin (custom domain, or the stage URL with its /v1 prefix): every link starts here. */
  PUBLIC_BASE_URL: url,
  /** The origin of the API this function serves (its OpenAPI document's server), when not the public one. */
  API_BASE_URL: url,
  /** Set by Lambda itself: its presence means a deployed stage, where no local default may apply. */
  AWS_LAMBDA_FUNCTION_NAME: any,
  RATE_LIMIT_BURST: positiveInt(60),
  RATE_LIMIT_PER_MINUTE: positiveInt(60),
  SERVICE_ENVIRONMENT: oneOf(['sandbox', 'production'], 'sandbox'),
  /** Stripe secret key (sk_test_... on the sandbox). In AWS it comes from Secrets Manager. */
  STRIPE_SECRET_KEY: text(1),
  /** AWS: the Secrets Manager ARN holding the Stripe secret key (then STRIPE_SECRET_KEY is unused). */
  STRIPE_SECRET_ARN: any,
  /** The signing secret of Stripe's events to POST /stripe/webhook (whsec_...); in AWS from Secrets Manager. */
  STRIPE_WEBHOOK_SECRET: text(1),
  STRIPE_WEBHOOK_SECRET_ARN: any,
  /** AWS: the Secrets Manager ARN holding the cursor-signing secret. */
  CURSOR_SECRET_ARN: any,
  /** Where the Stripe API is: unset for Stripe itself, the simulator's URL locally. */
  STRIPE_API_BASE: url,
  /** How long one Stripe call may take before it counts as a provider error (one retry follows). */
  STRIPE_TIMEOUT_MS: positiveInt(8000),
  /** The bucket of requisition and result PDFs. */
  DOCUMENTS_BUCKET: text(3, 'lab-documents'),
  /** s3rver's URL in the local runtime; unset in AWS. */
  S3_ENDPOINT: url,
  /** Local runtime only: lets a developer receive webhooks on localhost. Off in AWS. */
  WEBHOOK_ALLOW_LOOPBACK: oneOf(['true', 'false'], 'false'),
  /** Where one-time placement schedules go (the Scheduler stand-in locally). */
  PLACEMENT_SCHEDULE_GROUP: any,
  PLACEMENT_TARGET_ARN: any,
  PLACEMENT_ROLE_ARN: any,
  /** The dead-letter queue of every placement schedule. */
  PLACEMENT_DLQ_ARN: any,
  /** AWS sandbox only: one-time schedules that deliver the simulated lab's results after the requisition. */
  SIMULATED_RESULTS_SCHEDULE_GROUP: any,
  SIMULATED_RESULTS_TARGET_ARN: any,
  SIMULATED_RESULTS_ROLE_ARN: any,
  SIMULATED_RESULTS_DLQ_ARN: any,
  /** The SQS queue that carries each webhook retry to its due time. */
  WEBHOOK_QUEUE_URL: any,
  /** Local runtime only: the SQS and EventBridge Scheduler stand-ins; unset in AWS. */
  SQS_ENDPOINT: url,
  SCHEDULER_ENDPOINT: url,
  /** AWS only: the partner usage plan each new partner's throttling key joins. */
  USAGE_PLAN_ID: any,
  /** The lab's order interface (mllp://host:port, mllps:// for TLS). Unset: the simulated lab (never in production). */
  LAB_MLLP_URL: any,
  /** How long to wait for the lab's acknowledgment on the order's connection (real time). */
  LAB_ACK_TIMEOUT_MS: positiveInt(30_000),
  /** MSH-3/4 and MSH-5/6 of the order messages: as agreed with the lab. */
  LAB_SENDING_APPLICATION: text(1, 'LABTESTS'),
  LAB_SENDING_FACILITY: text(1, 'LABTESTS'),
  LAB_RECEIVING_APPLICATION: text(1, 'LAB'),
  LAB_RECEIVING_FACILITY: text(1, 'LAB'),
  /** Signs list cursors and dashboard sessions, so they are tamper-evident and bound to their partner. */
  CURSOR_SECRET: text(16),
  /** AWS: the KMS key that seals webhook signing secrets (set only on the functions that sign or rotate them). */
  WEBHOOK_KEY_ARN: any,
  /** Local runtime only: its stand-in for that key, 32 bytes in base64url, kept under DATA_DIR. */
  WEBHOOK_SEALING_KEY: any,
} as const satisfies Record<string, Spec>;

type Value<S> = S extends { kind: 'positiveInt' }
  ? number
  : S extends { kind: 'oneOf'; values: readonly (infer V)[] }
    ? V
    : S extends { kind: 'text'; default: string }
      ? string
      : string | undefined;
export type RuntimeEnv = { [K in keyof typeof RUNTIME_ENV]: Value<(typeof RUNTIME_ENV)[K]> };

/** A deployed stage names these itself: the local defaults (sandbox, Host-built links) would fail open. */
const REQUIRED_WHEN_DEPLOYED = ['SERVICE_ENVIRONMENT', 'PUBLIC_BASE_URL'] as const;

/** What is wrong with one value (null: nothing), in the words an operator reads at a failed start. */
function problem(spec: Spec, raw: string): string | null {
  switch (spec.kind) {
    case 'text':
      return raw.length >= spec.min ? null : `must be at least ${spec.min} characters`;
    case 'url':
      return URL.canParse(raw) ? null : 'must be an absolute URL';
    case 'positiveInt':
      return !/^\d+$/.test(raw) ? 'must be a positive whole number' : Number(raw) > 0 ? null : 'must be greater than 0';
    case 'oneOf':
      return spec.values.includes(raw) ? null : `must be one of ${spec.values.join(', ')}`;
    case 'any':
      return null;
  }
}

/**
 * Reads the environment, failing fast with every bad variable named. Only an unset variable takes
 * its default: one set to the empty string is checked like any other value.
 */
export function parseRuntimeEnv(env: Record<string, string | undefined>): RuntimeEnv {
  const out: Record<string, string | number | undefined> = {};
  const lines: string[] = [];
  for (const [name, spec] of Object.entries(RUNTIME_ENV) as Array<[string, Spec]>) {
    const raw = env[name] ?? ('default' in spec && spec.default !== undefined ? String(spec.default) : undefined);
    if (raw === undefined) continue;
    const wrong = problem(spec, raw);
    if (wrong) lines.push(`  ${name}: ${wrong}`);
    out[name] = spec.kind === 'positiveInt' ? Number(raw) : raw;
  }
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    for (const name of REQUIRED_WHEN_DEPLOYED) if (!env[name]) lines.push(`  ${name}: required in a deployed stage`);
  }
  if (lines.length > 0) throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  return out as RuntimeEnv;
}

// Published in this repository, so usable only by the local runtime.
const LOCAL_SECRETS = {
  STRIPE_SECRET_KEY: 'sk_test_local_simulator',
  CURSOR_SECRET: 'local-cursor-secret-not-for-production',
} as const;

/**
 * Where a secret comes from: its Secrets Manager ARN, else a value set in the environment, else
 * (local runtime only) the published default. A deployed stage with neither stops here.
 */
export function secretSource(
  env: RuntimeEnv,
  arnVar: 'STRIPE_SECRET_ARN' | 'CURSOR_SECRET_ARN',
  valueVar: keyof typeof LOCAL_SECRETS,
): { arn: string | undefined; value: string } {
  const arn = env[arnVar];
  const value = env[valueVar];
  if (arn || value) return { arn, value: value ?? '' };
  if (env.AWS_LAMBDA_FUNCTION_NAME) throw new Error(`Invalid environment:\n  ${arnVar}: required in a deployed stage`);
  return { arn: undefined, value: LOCAL_SECRETS[valueVar] };
}

/**
 * The key that seals webhook signing secrets: KMS in a deployed stage (nothing else there), the
 * local runtime's own key otherwise. Read only where a secret is sealed or opened.
 */
export function sealingKeySource(env: RuntimeEnv): { kmsKeyId: string } | { localKey: Buffer } {
  if (env.WEBHOOK_KEY_ARN) return { kmsKeyId: env.WEBHOOK_KEY_ARN };
  const local = env.WEBHOOK_SEALING_KEY ? Buffer.from(env.WEBHOOK_SEALING_KEY, 'base64url') : null;
  if (env.AWS_LAMBDA_FUNCTION_NAME || !local)
    throw new Error('Invalid environment:\n  WEBHOOK_KEY_ARN: required where webhook secrets are sealed or opened');
  if (local.length !== 32) throw new Error('Invalid environment:\n  WEBHOOK_SEALING_KEY: must be 32 bytes, base64url');
  return { localKey: local };
}

/**
 * A Stripe key must belong to the stage: live keys only in production, and production only with a
 * live key (a test key there would take orders without charging). Never echoes the key.
 */
export function checkStripeKeyForStage(key: string, stage: RuntimeEnv['SERVICE_ENVIRONMENT']): string {
  const live = /^(sk|rk)_live_/.test(key);
  if (stage === 'production' && !live) throw new Error('The Stripe key is not a live key, and this is production');
  if (stage !== 'production' && live) throw new Error('The Stripe key is a live key, and this is the sandbox');
  return key;
}

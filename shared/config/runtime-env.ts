// zod/mini: every function parses its environment at start, and the mini build imports in ~2 ms
// against classic zod's ~24 (with all its locales); this schema only checks, it makes no document.
import * as z from 'zod/mini';
import { LOCAL_TABLE_NAMES } from './table-names.js';

// The environment a handler runs in, read once per container. The CDK stack and the local
// runtime both set these variables. Besides this schema, only process-wide settings are read
// directly: LOG_LEVEL (the logger), AWS_LAMBDA_FUNCTION_NAME and METRICS_TO_LOG (the metrics sink),
// AWS_REGION (the DynamoDB and S3 clients) and LOCAL_FAULT_INJECTION (the composition root).
const positiveInt = (fallback: number) =>
  z.prefault(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'must be a positive whole number')), z.transform(Number))
      .check(z.refine((n) => n > 0, 'must be greater than 0')),
    String(fallback),
  );
// Messages of our own: zod/mini carries no locale, and an operator reads these at a failed start.
const text = (min: number) => z.string().check(z.minLength(min, `must be at least ${min} characters`));
const url = () => z.url({ error: 'must be an absolute URL' });
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

export const runtimeEnvSchema = z.object({
  CATALOG_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.catalog),
  ORDERS_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.orders),
  PARTNERS_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.partners),
  IDEMPOTENCY_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.idempotency),
  RATE_LIMIT_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.rateLimits),
  AUDIT_TABLE: z._default(text(3), LOCAL_TABLE_NAMES.audit),
  DYNAMODB_ENDPOINT: z.optional(url()),
  /** The public site's origin (custom domain, or the stage URL with its /v1 prefix): every link starts here. */
  PUBLIC_BASE_URL: z.optional(url()),
  /** The origin of the API this function serves (its OpenAPI document's server), when not the public one. */
  API_BASE_URL: z.optional(url()),
  /** Set by Lambda itself: its presence means a deployed stage, where no local default may apply. */
  AWS_LAMBDA_FUNCTION_NAME: z.optional(z.string()),
  RATE_LIMIT_BURST: positiveInt(60),
  RATE_LIMIT_PER_MINUTE: positiveInt(60),
  SERVICE_ENVIRONMENT: z._default(oneOf(['sandbox', 'production']), 'sandbox'),
  /** Stripe secret key (sk_test_... on the sandbox). In AWS it comes from Secrets Manager. */
  STRIPE_SECRET_KEY: z.optional(text(1)),
  /** AWS: the Secrets Manager ARN holding the Stripe secret key (then STRIPE_SECRET_KEY is unused). */
  STRIPE_SECRET_ARN: z.optional(z.string()),
  /** The signing secret of Stripe's events to POST /stripe/webhook (whsec_...); in AWS from Secrets Manager. */
  STRIPE_WEBHOOK_SECRET: z.optional(text(1)),
  STRIPE_WEBHOOK_SECRET_ARN: z.optional(z.string()),
  /** AWS: the Secrets Manager ARN holding the cursor-signing secret. */
  CURSOR_SECRET_ARN: z.optional(z.string()),
  /** Where the Stripe API is: unset for Stripe itself, the simulator's URL locally. */
  STRIPE_API_BASE: z.optional(url()),
  /** How long one Stripe call may take before it counts as a provider error (one retry follows). */
  STRIPE_TIMEOUT_MS: positiveInt(8000),
  /** The bucket of requisition and result PDFs. */
  DOCUMENTS_BUCKET: z._default(text(3), 'lab-documents'),
  /** s3rver's URL in the local runtime; unset in AWS. */
  S3_ENDPOINT: z.optional(url()),
  /** Local runtime only: lets a developer receive webhooks on localhost. Off in AWS. */
  WEBHOOK_ALLOW_LOOPBACK: z._default(oneOf(['true', 'false']), 'false'),
  /** Where one-time placement schedules go (the Scheduler stand-in locally). */
  PLACEMENT_SCHEDULE_GROUP: z.optional(z.string()),
  PLACEMENT_TARGET_ARN: z.optional(z.string()),
  PLACEMENT_ROLE_ARN: z.optional(z.string()),
  /** The dead-letter queue of every placement schedule. */
  PLACEMENT_DLQ_ARN: z.optional(z.string()),
  /** AWS sandbox only: one-time schedules that deliver the simulated lab's results after the requisition. */
  SIMULATED_RESULTS_SCHEDULE_GROUP: z.optional(z.string()),
  SIMULATED_RESULTS_TARGET_ARN: z.optional(z.string()),
  SIMULATED_RESULTS_ROLE_ARN: z.optional(z.string()),
  SIMULATED_RESULTS_DLQ_ARN: z.optional(z.string()),
  /** The SQS queue that carries each webhook retry to its due time. */
  WEBHOOK_QUEUE_URL: z.optional(z.string()),
  /** Local runtime only: the SQS and EventBridge Scheduler stand-ins; unset in AWS. */
  SQS_ENDPOINT: z.optional(url()),
  SCHEDULER_ENDPOINT: z.optional(url()),
  /** AWS only: the partner usage plan each new partner's throttling key joins. */
  USAGE_PLAN_ID: z.optional(z.string()),
  /** The lab's order interface (mllp://host:port, mllps:// for TLS). Unset: the simulated lab (never in production). */
  LAB_MLLP_URL: z.optional(z.string()),
  /** How long to wait for the lab's acknowledgment on the order's connection (real time). */
  LAB_ACK_TIMEOUT_MS: positiveInt(30_000),
  /** MSH-3/4 and MSH-5/6 of the order messages: as agreed with the lab. */
  LAB_SENDING_APPLICATION: z._default(text(1), 'LABTESTS'),
  LAB_SENDING_FACILITY: z._default(text(1), 'LABTESTS'),
  LAB_RECEIVING_APPLICATION: z._default(text(1), 'LAB'),
  LAB_RECEIVING_FACILITY: z._default(text(1), 'LAB'),
  /** Signs list cursors and dashboard sessions, so they are tamper-evident and bound to their partner. */
  CURSOR_SECRET: z.optional(text(16)),
  /** AWS: the KMS key that seals webhook signing secrets (set only on the functions that sign or rotate them). */
  WEBHOOK_KEY_ARN: z.optional(z.string()),
  /** Local runtime only: its stand-in for that key, 32 bytes in base64url, kept under DATA_DIR. */
  WEBHOOK_SEALING_KEY: z.optional(z.string()),
});

export type RuntimeEnv = z.infer<typeof runtimeEnvSchema>;

/** A deployed stage names these itself: the local defaults (sandbox, Host-built links) would fail open. */
const REQUIRED_WHEN_DEPLOYED = ['SERVICE_ENVIRONMENT', 'PUBLIC_BASE_URL'] as const;

/** Parses the environment, failing fast with every bad variable named. */
export function parseRuntimeEnv(env: Record<string, string | undefined>): RuntimeEnv {
  const parsed = runtimeEnvSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    for (const name of REQUIRED_WHEN_DEPLOYED) if (!env[name]) lines.push(`  ${name}: required in a deployed stage`);
  }
  if (lines.length > 0 || !parsed.success) throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  return parsed.data;
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

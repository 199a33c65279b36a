import type { LambdaSpec, ScheduleTargetKey } from './types.js';

// The Lambdas behind the APIs: the partner authorizer, one-time schedule targets, recurring sweeps,
// queue consumers and the catalogue seed. The CDK stack and the local runtime (its SQS and Scheduler
// stand-ins) both read these settings, through the manifest (index.ts).

/** A Lambda that no route declares: its stack name beside what it may touch. */
export interface BackgroundFunction extends LambdaSpec {
  fn: string;
}

export type DeployStage = 'sandbox' | 'production';

export interface ScheduleTarget {
  function: BackgroundFunction;
  group: (stage: string) => string;
  retryAttempts: number;
  deadLetterQueue: string;
  /** The environment the schedule's creators get: `${env}_SCHEDULE_GROUP`, `_TARGET_ARN`, `_ROLE_ARN`, `_DLQ_ARN`. */
  env: string;
  /** The stages that deploy it (all when absent). */
  stages?: DeployStage[];
  /** Runs in the local runtime (false: a local stand-in does this work its own way). */
  local: boolean;
}

export interface RecurringRule {
  function: BackgroundFunction;
  rateMinutes: number;
  /** The target's input; absent, the rule's own ScheduledEvent. */
  input?: Record<string, unknown>;
}

export interface QueueSpec {
  name: string;
  deadLetterQueue: string;
  batchSize: number;
  /** AWS's guidance: at least six times the consumer's timeout. */
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
  consumer: BackgroundFunction & { timeoutSeconds: number };
  /** The environment variable naming the queue's URL in every function that sends to it. */
  urlEnv: string;
}

export interface Background {
  authorizer: BackgroundFunction;
  scheduleTargets: Record<ScheduleTargetKey, ScheduleTarget>;
  rules: Record<string, RecurringRule>;
  queues: Record<'webhookRetries', QueueSpec>;
  /** CloudFormation custom resources: run by CloudFormation at deploy time, never locally. */
  customResources: Record<'catalogSeed', { function: BackgroundFunction }>;
}

const MINUTES_5 = 300;
/** Placement: by its order's schedule, and by the sweep (which also recovers orders left part-way, refunds included). */
const PLACEMENT: BackgroundFunction = {
  fn: 'Placement',
  entry: 'lambdas/ops/placement.ts',
  tables: { orders: 'readWrite', catalog: 'read', partners: 'read' },
  documents: 'readWrite',
  secrets: ['stripe'],
  timeoutSeconds: MINUTES_5,
  // Placing issues the requisition; in the sandbox its simulated results follow by schedule.
  schedules: ['simulatedResults'],
  alarmed: true,
};
const WEBHOOK_WORKER_TIMEOUT_SECONDS = 60; // a batch of 5 attempts, each cut at 10 s

export const BACKGROUND: Background = {
  // Wired in front of every partner route; no cache, so a revoked key stops working on its next request.
  authorizer: {
    fn: 'PartnerAuthorizer',
    entry: 'lambdas/partner/authorizer.ts',
    tables: { partners: 'read' },
    alarmed: true,
  },
  scheduleTargets: {
    placement: {
      function: PLACEMENT,
      group: (stage) => `lab-tests-placement-${stage}`,
      retryAttempts: 3,
      deadLetterQueue: 'lab-tests-placement-dlq',
      env: 'PLACEMENT',
      local: true,
    },
    // The AWS sandbox's simulated lab reports results 48 hours after the requisition. Locally the
    // MLLP lab stand-in reports them, as a lab would.
    simulatedResults: {
      function: {
        fn: 'SimulatedResults',
        entry: 'lambdas/ops/simulated-results.ts',
        tables: { orders: 'readWrite', catalog: 'read' },
        documents: 'readWrite',
        timeoutSeconds: 60,
      },
      group: (stage) => `lab-tests-results-${stage}`,
      retryAttempts: 3,
      deadLetterQueue: 'lab-tests-results-dlq',
      env: 'SIMULATED_RESULTS',
      stages: ['sandbox'],
      local: false,
    },
  },
  rules: {
    'placement-sweep': { function: PLACEMENT, rateMinutes: 5, input: { sweep: true } },
    'webhook-retry-sweep': {
      function: {
        fn: 'WebhookCron',
        entry: 'lambdas/ops/webhook-cron.ts',
        tables: { orders: 'read' },
        alarmed: true,
      },
      rateMinutes: 5,
    },
    'settlement-sweep': {
      function: {
        fn: 'SettlePayments',
        entry: 'lambdas/ops/settle-payments.ts',
        tables: { idempotency: 'readWrite' },
        secrets: ['stripe'],
        timeoutSeconds: MINUTES_5,
        alarmed: true,
      },
      rateMinutes: 15,
    },
  },
  queues: {
    webhookRetries: {
      name: 'lab-tests-webhook-retries',
      deadLetterQueue: 'lab-tests-webhook-dlq',
      batchSize: 5,
      visibilityTimeoutSeconds: 6 * WEBHOOK_WORKER_TIMEOUT_SECONDS,
      maxReceiveCount: 5,
      consumer: {
        fn: 'WebhookWorker',
        entry: 'lambdas/ops/webhook-worker.ts',
        tables: { orders: 'readWrite', partners: 'read' },
        timeoutSeconds: WEBHOOK_WORKER_TIMEOUT_SECONDS,
        alarmed: true,
      },
      urlEnv: 'WEBHOOK_QUEUE_URL',
    },
  },
  customResources: {
    catalogSeed: {
      function: {
        fn: 'SeedCatalog',
        entry: 'lambdas/ops/seed-catalog.ts',
        tables: { catalog: 'readWrite' },
        timeoutSeconds: 120,
      },
    },
  },
};

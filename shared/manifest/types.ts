import type { TableKey } from '../adapters/dynamodb/tables.js';

// The shapes of the function manifest: every Lambda the stack deploys, and what it may touch.

/** `lab`: the lab's own identity (an IAM role allowed only its route in AWS, LAB_TOKEN locally). */
export type AuthKind = 'none' | 'partner' | 'operator' | 'lab';
export type ApiKind = 'public' | 'partner' | 'operator' | 'mcp';
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * `append`: PutItem only (the audit table, whose records no function may change or delete).
 * `readOwn`: reads held by IAM to the table's partner-owned key space (`partner#…` partition keys).
 */
export type TableAccess = Partial<Record<TableKey, 'read' | 'readOwn' | 'readWrite' | 'append'>>;

/** The one-time schedule targets: a function that creates their schedules names them in `schedules`. */
export type ScheduleTargetKey = 'placement' | 'simulatedResults';
export type SecretKey = 'stripe' | 'cursor' | 'stripeWebhook';

/** What every Lambda declares, whatever invokes it: the stack grants exactly this, and no more. */
export interface LambdaSpec {
  /** Handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  /** The tables this handler touches, and how: the CDK stack grants exactly this. */
  tables: TableAccess;
  /** Secrets the handler reads from Secrets Manager in AWS. */
  secrets?: SecretKey[];
  /** Access to the documents bucket (requisition and result PDFs). */
  documents?: 'read' | 'readWrite';
  /** Longest the handler may run, when the 15-second default is not right. */
  timeoutSeconds?: number;
  /**
   * Repository files the handler reads at run time, copied beside its bundle: a static asset too big
   * to inline, served from our own origin.
   */
  bundleFiles?: string[];
  /** One-time schedules this function creates (CreateSchedule in the target's group, PassRole to its role). */
  schedules?: ScheduleTargetKey[];
  /** Adds each new partner's key to the partner API's standard usage plan. */
  usagePlanKeys?: boolean;
  /** Errors and throttles alarmed (the paths money and placement depend on). */
  alarmed?: boolean;
}

export interface Route extends LambdaSpec {
  method: HttpMethod;
  /** API Gateway path syntax: {param} segments. */
  path: string;
  /** Function name in the stack (routes sharing an entry share the Lambda of the first of them). */
  fn: string;
  auth: AuthKind;
  api: ApiKind;
  /**
   * Longest the handler may run, when the 15-second default is too short: routes that wait on
   * Stripe (8 s a try, one retry) or send a webhook's first attempt inline (cut at 10 s). A handler
   * killed between its steps would leave the partner a gateway error for a request that took
   * effect, so these get all of API Gateway's 29 seconds.
   */
  timeoutSeconds?: number;
  /** Local runtime only (never deployed): operator conveniences such as the service clock. */
  localOnly?: boolean;
  /** Sandbox test helpers: never synthesized (nor granted anything) in production. */
  sandboxOnly?: boolean;
}

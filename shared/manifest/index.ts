import { BACKGROUND, type DeployStage, type QueueSpec } from './background.js';
import { ROUTES } from './http-routes.js';
import type { LambdaSpec, Route, ScheduleTargetKey } from './types.js';

// THE function manifest: every Lambda the stack deploys, each with its entry file, tables, grants,
// environment and what invokes it (routes, the authorizer slot, schedules, sweeps, queues, a custom
// resource). The CDK stack, the local runtime, the bundle budgets, the cold-start bench and the
// OpenAPI generation read it; nothing is looked up by a name.

export * from './types.js';
export * from './background.js';
export { ROUTES, SCALAR_STANDALONE } from './http-routes.js';
export { WEBHOOK_KEY_USERS } from './webhook-key-users.js';

/** Where a manifest is realised: a deployed stage, or the local runtime. */
export type ManifestStage = DeployStage | 'local';

export type QueueKey = keyof typeof BACKGROUND.queues;

/** One Lambda and everything that invokes it. */
export interface ManifestFunction {
  /** Its name in the stack: the first declaration's `fn`. */
  id: string;
  spec: LambdaSpec;
  routes: Route[];
  authorizer: boolean;
  rules: string[];
  scheduleTargets: ScheduleTargetKey[];
  queueConsumer: QueueKey | null;
  customResource: string | null;
  /** Queues this function sends to. */
  sends: QueueKey[];
}

/** Invoked asynchronously (a rule or a schedule): failures past Lambda's retries need a dead-letter queue. */
export const invokedAsynchronously = (f: ManifestFunction) => f.rules.length > 0 || f.scheduleTargets.length > 0;

/** The routes a stage deploys (the local runtime serves them all; the sandbox helpers never reach production). */
export function routesFor(stage: ManifestStage): Route[] {
  if (stage === 'local') return [...ROUTES];
  return ROUTES.filter((r) => !r.localOnly && !(r.sandboxOnly && stage === 'production'));
}

export function scheduleTargetsFor(stage: ManifestStage): ScheduleTargetKey[] {
  return (Object.keys(BACKGROUND.scheduleTargets) as ScheduleTargetKey[]).filter((key) => {
    const target = BACKGROUND.scheduleTargets[key];
    return stage === 'local' ? target.local : !target.stages || target.stages.includes(stage);
  });
}

/** Every Lambda of a stage, once each (routes sharing an entry module share one Lambda). */
export function manifestFunctions(stage: ManifestStage): ManifestFunction[] {
  const byEntry = new Map<string, ManifestFunction>();
  const add = (fn: string, spec: LambdaSpec, role: Partial<ManifestFunction>) => {
    let f = byEntry.get(spec.entry);
    if (!f) {
      f = {
        id: fn,
        spec,
        routes: [],
        authorizer: false,
        rules: [],
        scheduleTargets: [],
        queueConsumer: null,
        customResource: null,
        sends: [],
      };
      byEntry.set(spec.entry, f);
    }
    f.routes.push(...(role.routes ?? []));
    f.rules.push(...(role.rules ?? []));
    f.scheduleTargets.push(...(role.scheduleTargets ?? []));
    f.authorizer ||= role.authorizer ?? false;
    f.queueConsumer ??= role.queueConsumer ?? null;
    f.customResource ??= role.customResource ?? null;
  };
  for (const route of routesFor(stage)) add(route.fn, route, { routes: [route] });
  add(BACKGROUND.authorizer.fn, BACKGROUND.authorizer, { authorizer: true });
  for (const key of scheduleTargetsFor(stage)) {
    const target = BACKGROUND.scheduleTargets[key];
    add(target.function.fn, target.function, { scheduleTargets: [key] });
  }
  for (const [name, rule] of Object.entries(BACKGROUND.rules)) add(rule.function.fn, rule.function, { rules: [name] });
  for (const [key, queue] of Object.entries(BACKGROUND.queues) as Array<[QueueKey, QueueSpec]>)
    add(queue.consumer.fn, queue.consumer, { queueConsumer: key });
  if (stage !== 'local')
    for (const [name, resource] of Object.entries(BACKGROUND.customResources))
      add(resource.function.fn, resource.function, { customResource: name });
  const functions = [...byEntry.values()];
  // Whoever attempts a webhook delivery (inline on a transition, the worker, the sweep) enqueues its retry.
  for (const f of functions)
    if (
      f.spec.tables.orders === 'readWrite' ||
      f.queueConsumer === 'webhookRetries' ||
      f.rules.includes('webhook-retry-sweep')
    )
      f.sends.push('webhookRetries');
  return functions;
}

/** The schedule targets a function may create schedules for, on this stage. */
export function schedulesOf(f: ManifestFunction, stage: ManifestStage): ScheduleTargetKey[] {
  const deployed = scheduleTargetsFor(stage);
  return (f.spec.schedules ?? []).filter((key) => deployed.includes(key));
}

const SECRET_ENV = {
  stripe: 'STRIPE_SECRET_ARN',
  cursor: 'CURSOR_SECRET_ARN',
  stripeWebhook: 'STRIPE_WEBHOOK_SECRET_ARN',
};

/** The environment names the stack gives a function beyond the common ones: each follows from a declaration. */
export function environmentOf(f: ManifestFunction, stage: DeployStage): string[] {
  const api = f.routes[0]?.api;
  return [
    ...(api && api !== 'mcp' ? ['API_BASE_URL'] : []),
    ...(f.spec.secrets ?? []).map((s) => SECRET_ENV[s]),
    ...schedulesOf(f, stage).flatMap((key) =>
      ['SCHEDULE_GROUP', 'TARGET_ARN', 'ROLE_ARN', 'DLQ_ARN'].map((v) => `${BACKGROUND.scheduleTargets[key].env}_${v}`),
    ),
    ...f.sends.map((q) => BACKGROUND.queues[q].urlEnv),
    ...(f.spec.usagePlanKeys ? ['USAGE_PLAN_ID'] : []),
  ];
}

export { SECRET_ENV };

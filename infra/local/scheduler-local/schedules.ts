import { randomUUID } from 'node:crypto';
import { loadJson, saveJson } from '../json-state.js';
import { LOCAL_ACCOUNT, LOCAL_REGION } from '../sqs-local/queues.js';

export interface ScheduleTarget {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  DeadLetterConfig?: { Arn?: string };
}

export interface StoredSchedule {
  name: string;
  group: string;
  expression: string;
  state: 'ENABLED' | 'DISABLED';
  target: ScheduleTarget;
  actionAfterCompletion: 'NONE' | 'DELETE';
  flexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  description?: string;
  createdAt: number;
  modifiedAt: number;
  /** When the schedule fires next (or retries), on the service clock; null once an `at` schedule ran. */
  nextRunAt: number | null;
  /** The current invocation's first attempt time and attempt count, for the retry policy. */
  firstAttemptAt: number | null;
  attempts: number;
}

export class SchedulerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Delivers a schedule's input to its target; a rejection is a failed delivery, which the retry policy covers. */
export type InvokeTarget = (arn: string, input: string) => Promise<void>;
/** Sends an undeliverable event to the schedule's dead-letter queue, with the error attributes AWS adds. */
export type SendToDeadLetter = (queueArn: string, body: string, attributes: Record<string, string>) => void;

export const scheduleArn = (group: string, name: string) =>
  `arn:aws:scheduler:${LOCAL_REGION}:${LOCAL_ACCOUNT}:schedule/${group}/${name}`;

const UNITS: Record<string, number> = { minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86_400, days: 86_400 };

/** `at(2026-01-01T00:00:00)` or `rate(5 minutes)`, in UTC; the first run time or a validation error. */
export function firstRun(expression: string, timezone: string | undefined, now: number): number {
  if (timezone && timezone !== 'UTC')
    throw new SchedulerError(400, 'ValidationException', 'The local Scheduler supports UTC schedules only.');
  const at = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  if (at) return Date.parse(`${at[1]}Z`);
  const period = ratePeriod(expression);
  if (period) return now + period;
  throw new SchedulerError(400, 'ValidationException', `Invalid Schedule Expression ${expression}.`);
}

function ratePeriod(expression: string): number | null {
  const m = /^rate\((\d+) (minutes?|hours?|days?)\)$/.exec(expression);
  if (!m || Number(m[1]) < 1) return null;
  return Number(m[1]) * (UNITS[m[2] as string] as number) * 1000;
}

/**
 * EventBridge Scheduler's delivery semantics on an injected clock: one-time `at(...)` schedules
 * (deleted after completion when asked), recurring `rate(...)` schedules, the target's retry
 * policy (retries 1, 2, 4... minutes apart, within the maximum event age) and its dead-letter queue.
 */
export class ScheduleEngine {
  private readonly schedules: Record<string, StoredSchedule>;

  constructor(
    private readonly now: () => number,
    private readonly stateFile: string | null,
    private readonly invokeTarget: InvokeTarget,
    private readonly sendToDeadLetter: SendToDeadLetter,
  ) {
    this.schedules = loadJson<Record<string, StoredSchedule>>(stateFile, {});
  }

  private persist(): void {
    saveJson(this.stateFile, this.schedules);
  }

  private key = (group: string, name: string) => `${group}/${name}`;

  get(group: string, name: string): StoredSchedule {
    const s = this.schedules[this.key(group, name)];
    if (!s) throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return s;
  }

  list(): StoredSchedule[] {
    return Object.values(this.schedules);
  }

  put(
    input: Omit<StoredSchedule, 'createdAt' | 'modifiedAt' | 'nextRunAt' | 'firstAttemptAt' | 'attempts'>,
    timezone: string | undefined,
    mode: 'create' | 'update',
  ): StoredSchedule {
    if (!/^[0-9a-zA-Z\-_.]{1,64}$/.test(input.name))
      throw new SchedulerError(400, 'ValidationException', 'Name must be 1-64 of [0-9a-zA-Z-_.].');
    if (!input.target?.Arn || !input.target.RoleArn)
      throw new SchedulerError(400, 'ValidationException', 'Target.Arn and Target.RoleArn are required.');
    if (!input.flexibleTimeWindow?.Mode)
      throw new SchedulerError(400, 'ValidationException', 'FlexibleTimeWindow is required.');
    const key = this.key(input.group, input.name);
    const existing = this.schedules[key];
    if (mode === 'create' && existing)
      throw new SchedulerError(409, 'ConflictException', `Schedule ${input.name} already exists.`);
    if (mode === 'update' && !existing)
      throw new SchedulerError(404, 'ResourceNotFoundException', `Schedule ${input.name} does not exist.`);
    const at = this.now();
    const stored: StoredSchedule = {
      ...input,
      createdAt: existing?.createdAt ?? at,
      modifiedAt: at,
      nextRunAt: firstRun(input.expression, timezone, at),
      firstAttemptAt: null,
      attempts: 0,
    };
    this.schedules[key] = stored;
    this.persist();
    return stored;
  }

  delete(group: string, name: string): void {
    this.get(group, name);
    delete this.schedules[this.key(group, name)];
    this.persist();
  }

  /** Fires every schedule that is due on the clock, one after another; returns how many invocations succeeded. */
  async fireDue(): Promise<number> {
    let delivered = 0;
    const due = this.list()
      .filter((s) => s.state === 'ENABLED' && s.nextRunAt !== null && s.nextRunAt <= this.now())
      .sort((a, b) => (a.nextRunAt as number) - (b.nextRunAt as number));
    for (const s of due) {
      const at = this.now();
      s.firstAttemptAt ??= at;
      s.attempts++;
      try {
        await this.invokeTarget(s.target.Arn, s.target.Input ?? '{}');
        delivered++;
        this.completed(s);
      } catch (err) {
        this.failed(s, err as Error);
      }
    }
    this.persist();
    return delivered;
  }

  private completed(s: StoredSchedule): void {
    s.firstAttemptAt = null;
    s.attempts = 0;
    const period = ratePeriod(s.expression);
    if (period) {
      // Missed periods collapse into one run, as after an outage: the next run is the next period.
      const now = this.now();
      while ((s.nextRunAt as number) <= now) s.nextRunAt = (s.nextRunAt as number) + period;
      return;
    }
    s.nextRunAt = null;
    if (s.actionAfterCompletion === 'DELETE') delete this.schedules[this.key(s.group, s.name)];
  }

  private failed(s: StoredSchedule, err: Error): void {
    const maxRetries = s.target.RetryPolicy?.MaximumRetryAttempts ?? 185;
    const maxAgeMs = (s.target.RetryPolicy?.MaximumEventAgeInSeconds ?? 86_400) * 1000;
    const retryAt = this.now() + 60_000 * 2 ** Math.min(s.attempts - 1, 10);
    if (s.attempts <= maxRetries && retryAt - (s.firstAttemptAt as number) <= maxAgeMs) {
      s.nextRunAt = retryAt;
      return;
    }
    if (s.target.DeadLetterConfig?.Arn)
      this.sendToDeadLetter(s.target.DeadLetterConfig.Arn, s.target.Input ?? '{}', {
        ERROR_CODE: err.name || 'Error',
        ERROR_MESSAGE: 'The target could not be invoked.',
        EXECUTION_ID: randomUUID(),
        RETRY_ATTEMPTS: String(s.attempts - 1),
        SCHEDULE_ARN: scheduleArn(s.group, s.name),
        TARGET_ARN: s.target.Arn,
        GROUP: s.group,
      });
    else console.error(`local scheduler: ${s.group}/${s.name} gave up on its target and has no dead-letter queue`);
    this.completed(s);
  }
}

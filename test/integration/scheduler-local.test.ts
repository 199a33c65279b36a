import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../shared/adapters/logger.js';
import { freePort } from '../../infra/local/dynamodb-local.js';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { startSchedulerLocal, type SchedulerLocal } from '../../infra/local/scheduler-local/index.js';
import {
  eventBridgePlacementScheduler,
  eventBridgeResultsScheduler,
} from '../../shared/adapters/eventbridge-scheduler.js';

let nowMs = Date.parse('2026-01-01T00:00:00Z');
const advance = (seconds: number) => (nowMs += seconds * 1000);
const stateFile = join(mkdtempSync(join(tmpdir(), 'scheduler-local-')), 'scheduler.json');
const invoked: { arn: string; input: unknown; at: string }[] = [];
const deadLetters: { arn: string; body: string; attributes: Record<string, string> }[] = [];
const failing = new Set<string>();
let scheduler: SchedulerLocal;
let client: SchedulerClient;

const LAMBDA = 'arn:aws:lambda:us-east-1:000000000000:function:placement';
const DLQ = 'arn:aws:sqs:us-east-1:000000000000:placement-dlq';

beforeAll(async () => {
  scheduler = await startSchedulerLocal({
    now: () => nowMs,
    stateFile,
    invokeTarget: async (arn, input) => {
      if (failing.has(arn)) throw Object.assign(new Error('boom'), { name: 'ServiceException' });
      invoked.push({ arn, input: JSON.parse(input), at: new Date(nowMs).toISOString() });
    },
    sendToDeadLetter: (arn, body, attributes) => deadLetters.push({ arn, body, attributes }),
  });
  client = new SchedulerClient({
    endpoint: scheduler.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});
afterAll(async () => {
  client.destroy();
  await scheduler.close();
});
beforeEach(() => {
  invoked.length = 0;
  deadLetters.length = 0;
  failing.clear();
});

const oneTime = (
  name: string,
  at: string,
  extra: Partial<CreateScheduleCommandInput> = {},
): CreateScheduleCommandInput => ({
  Name: name,
  GroupName: 'placements',
  ScheduleExpression: `at(${at})`,
  ScheduleExpressionTimezone: 'UTC',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  Target: {
    Arn: LAMBDA,
    RoleArn: 'arn:aws:iam::000000000000:role/scheduler',
    Input: JSON.stringify({ orderId: name }),
    RetryPolicy: { MaximumRetryAttempts: 2 },
    DeadLetterConfig: { Arn: DLQ },
  },
  ...extra,
});

describe('the EventBridge Scheduler stand-in, driven by the AWS SDK v3 client', () => {
  it('fires a one-time at() schedule at its time with its input, then deletes it (ActionAfterCompletion DELETE)', async () => {
    const at = new Date(nowMs + 3600_000).toISOString().slice(0, 19);
    const created = await client.send(new CreateScheduleCommand(oneTime('o1', at)));
    expect(created.ScheduleArn).toBe('arn:aws:scheduler:us-east-1:000000000000:schedule/placements/o1');
    const got = await client.send(new GetScheduleCommand({ Name: 'o1', GroupName: 'placements' }));
    expect(got.ScheduleExpression).toBe(`at(${at})`);
    expect(got.Target?.RetryPolicy?.MaximumRetryAttempts).toBe(2);
    expect(got.CreationDate).toBeInstanceOf(Date);
    advance(3599);
    expect(await scheduler.engine.fireDue()).toBe(0);
    advance(1);
    expect(await scheduler.engine.fireDue()).toBe(1);
    expect(invoked).toEqual([{ arn: LAMBDA, input: { orderId: 'o1' }, at: `${at}.000Z` }]);
    await expect(client.send(new GetScheduleCommand({ Name: 'o1', GroupName: 'placements' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('answers a duplicate name with ConflictException and deletes on DeleteSchedule', async () => {
    const at = new Date(nowMs + 60_000).toISOString().slice(0, 19);
    await client.send(new CreateScheduleCommand(oneTime('o2', at)));
    await expect(client.send(new CreateScheduleCommand(oneTime('o2', at)))).rejects.toBeInstanceOf(ConflictException);
    await client.send(new DeleteScheduleCommand({ Name: 'o2', GroupName: 'placements' }));
    advance(60);
    expect(await scheduler.engine.fireDue()).toBe(0);
    expect(invoked).toEqual([]);
  });

  it('retries a failing target per its retry policy, then sends the input to its dead-letter queue with the error attributes', async () => {
    const at = new Date(nowMs).toISOString().slice(0, 19);
    await client.send(new CreateScheduleCommand(oneTime('o3', at)));
    failing.add(LAMBDA);
    expect(await scheduler.engine.fireDue()).toBe(0); // first attempt
    advance(60);
    expect(await scheduler.engine.fireDue()).toBe(0); // retry 1, a minute later
    advance(119);
    await scheduler.engine.fireDue();
    expect(deadLetters).toEqual([]);
    advance(1);
    await scheduler.engine.fireDue(); // retry 2, two minutes after retry 1: the last
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]).toMatchObject({
      arn: DLQ,
      body: JSON.stringify({ orderId: 'o3' }),
      attributes: { ERROR_CODE: 'ServiceException', RETRY_ATTEMPTS: '2', TARGET_ARN: LAMBDA },
    });
    await expect(client.send(new GetScheduleCommand({ Name: 'o3', GroupName: 'placements' }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
  });

  it('fires a rate() schedule every period', async () => {
    await client.send(
      new CreateScheduleCommand({
        ...oneTime('sweep', ''),
        ScheduleExpression: 'rate(5 minutes)',
        ActionAfterCompletion: 'NONE',
      }),
    );
    advance(300);
    await scheduler.engine.fireDue();
    advance(300);
    await scheduler.engine.fireDue();
    expect(invoked).toHaveLength(2);
    await client.send(new DeleteScheduleCommand({ Name: 'sweep', GroupName: 'placements' }));
  });

  it('refuses cron() and non-UTC expressions it cannot honour with a ValidationException', async () => {
    await expect(
      client.send(new CreateScheduleCommand({ ...oneTime('c', ''), ScheduleExpression: 'cron(0 * * * ? *)' })),
    ).rejects.toMatchObject({ name: 'ValidationException' });
  });

  it("serves the service's own placement adapter unchanged, and keeps schedules across a restart", async () => {
    const adapter = eventBridgePlacementScheduler({
      groupName: 'placements',
      targetArn: LAMBDA,
      roleArn: 'arn:aws:iam::000000000000:role/scheduler',
      endpoint: scheduler.endpoint,
    });
    await adapter.schedule({ id: 'order-9', partnerId: 'partner-9' }, new Date(nowMs + 120_000));
    const again = await startSchedulerLocal({
      now: () => nowMs + 120_000,
      stateFile,
      invokeTarget: async (arn, input) => void invoked.push({ arn, input: JSON.parse(input), at: 'restarted' }),
      sendToDeadLetter: () => undefined,
    });
    try {
      expect(await again.engine.fireDue()).toBe(1);
      expect(invoked).toEqual([
        { arn: LAMBDA, input: { orderId: 'order-9', partnerId: 'partner-9' }, at: 'restarted' },
      ]);
    } finally {
      await again.close();
    }
  });

  it('logs a schedule it could not create (ids only), and fails so the caller leaves the order to the sweep', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const adapter = eventBridgePlacementScheduler({
      groupName: 'placements',
      targetArn: LAMBDA,
      roleArn: 'arn:aws:iam::000000000000:role/scheduler',
      endpoint: `http://127.0.0.1:${await freePort()}`, // nothing listens there
    });
    await expect(
      adapter.schedule({ id: 'order-10', partnerId: 'partner-10' }, new Date(nowMs + 60_000)),
    ).rejects.toThrow();
    expect(warn).toHaveBeenCalledWith('placement schedule not created; the sweep will place the order', {
      orderId: 'order-10',
      error: expect.any(String),
    });
    warn.mockRestore();
  });

  it("delivers the AWS sandbox's simulated results by a one-time schedule 48 hours after the requisition, with a DLQ", async () => {
    const RESULTS = 'arn:aws:lambda:us-east-1:000000000000:function:simulated-results';
    const adapter = eventBridgeResultsScheduler({
      groupName: 'results',
      targetArn: RESULTS,
      roleArn: 'arn:aws:iam::000000000000:role/results-scheduler',
      deadLetterArn: 'arn:aws:sqs:us-east-1:000000000000:results-dlq',
      endpoint: scheduler.endpoint,
    });
    await adapter.schedule({ id: 'order-48', partnerId: 'partner-48' }, new Date(nowMs + 48 * 3600_000));
    const made = await client.send(new GetScheduleCommand({ Name: 'results-order-48', GroupName: 'results' }));
    expect(made.Target?.DeadLetterConfig?.Arn).toBe('arn:aws:sqs:us-east-1:000000000000:results-dlq');
    // (Schedules left by the tests above fire along the way: only this target's invocations count.)
    const results = () => invoked.filter((i) => i.arn === RESULTS);
    advance(48 * 3600 - 60);
    await scheduler.engine.fireDue();
    expect(results()).toEqual([]);
    advance(60);
    await scheduler.engine.fireDue();
    expect(results()).toEqual([
      { arn: RESULTS, input: { orderId: 'order-48', partnerId: 'partner-48' }, at: new Date(nowMs).toISOString() },
    ]);
  });
});

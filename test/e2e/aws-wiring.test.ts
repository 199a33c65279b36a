import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetQueueAttributesCommand, GetQueueUrlCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  CreateScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { startService, type RunningService } from '../support/local-service.js';
import { orderBody } from '../support/partner.js';
import { startReceiver } from '../support/receiver.js';

// Its own runtime: these tests read its log (the dead-letter alerts) and move its clock far.
const token = 'aws-wiring-admin-token-0123456789';
let service: RunningService;
let sqs: SQSClient;
let scheduler: SchedulerClient;
const local = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };

beforeAll(async () => {
  service = await startService({ ADMIN_TOKEN: token });
  const endpoint = (label: string) => new RegExp(`${label}: (http://\\S+)`).exec(service.output())?.[1] as string;
  sqs = new SQSClient({ ...local, endpoint: endpoint('SQS') });
  scheduler = new SchedulerClient({ ...local, endpoint: endpoint('EventBridge Scheduler') });
}, 120_000);
afterAll(async () => {
  sqs?.destroy();
  scheduler?.destroy();
  await service?.stop();
});

async function call(method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${auth}`,
      'Content-Type': 'application/json',
      ...(method === 'POST' && path === '/api/v1/orders' ? { 'Idempotency-Key': randomUUID() } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}
const advance = async (seconds: number) => (await call('POST', '/admin/v1/clock/advance', token, { seconds })).body;
/** The partner the last newPartnerKey made. */
let lastPartnerId = '';
async function newPartnerKey(webhookUrl?: string) {
  const partner = (
    await call('POST', '/admin/v1/partners', token, { name: 'Wiring Co', paymentMethod: 'pm_card_visa', webhookUrl })
  ).body;
  lastPartnerId = partner.id;
  if (webhookUrl) await call('POST', `/admin/v1/partners/${partner.id}/webhook-secret`, token);
  return (await call('POST', `/admin/v1/partners/${partner.id}/keys`, token, { environment: 'test' })).body
    .key as string;
}
const queueDepth = async (name: string) => {
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
  const a = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }))).Attributes ?? {};
  return Number(a.ApproximateNumberOfMessages) + Number(a.ApproximateNumberOfMessagesDelayed);
};
const GROUP = 'lab-tests-placement-local';

describe('the background paths run through the SQS and Scheduler stand-ins', () => {
  it('an order is placed by its own one-time schedule at its due time (the sweep takes only orders 5 minutes overdue)', async () => {
    const key = await newPartnerKey();
    const order = (await call('POST', '/api/v1/orders', key, orderBody(['tsh']))).body;
    const schedule = await scheduler.send(new GetScheduleCommand({ Name: `place-${order.id}`, GroupName: GROUP }));
    expect(schedule).toMatchObject({ ActionAfterCompletion: 'DELETE', FlexibleTimeWindow: { Mode: 'OFF' } });
    expect(schedule.Target).toMatchObject({
      DeadLetterConfig: { Arn: expect.stringContaining(':lab-tests-placement-dlq') },
    });
    // The order's key, ids only: the target reads the order in one read (a schedule without the
    // partner, made by an earlier version, is read by the order id alone).
    expect(JSON.parse(schedule.Target?.Input ?? '{}')).toEqual({ orderId: order.id, partnerId: lastPartnerId });
    const dueAt = Date.parse(`${/^at\((.+)\)$/.exec(schedule.ScheduleExpression ?? '')?.[1]}Z`);
    const now = Date.parse((await advance(0)).now);
    expect(dueAt - Date.parse(order.createdAt)).toBeGreaterThanOrEqual(59 * 60_000);

    await advance(Math.ceil((dueAt - now) / 1000) - 30);
    expect((await call('GET', `/api/v1/orders/${order.id}`, key)).body.status).toBe('processing');
    const ran = await advance(60);
    expect(ran.ran.schedules).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/api/v1/orders/${order.id}`, key)).body.status).toBe('requisition_ready');
    await expect(
      scheduler.send(new GetScheduleCommand({ Name: `place-${order.id}`, GroupName: GROUP })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('each webhook retry is its own delayed SQS message, and lands within a minute of the schedule', async () => {
    const receiver = await startReceiver();
    try {
      receiver.mode.value = 'fail';
      const key = await newPartnerKey(receiver.url);
      const order = (await call('POST', '/api/v1/orders', key, orderBody(['tsh']))).body;
      await call('POST', `/api/v1/sandbox/orders/${order.id}/advance`, key);
      expect(await queueDepth('lab-tests-webhook-retries')).toBe(1); // the 1-minute retry, held by DelaySeconds
      for (const gap of [1, 5, 30, 120, 360, 720, 1440]) {
        await advance(gap * 60 - 30);
        await advance(60);
      }
      const [delivery] = (await call('GET', `/api/v1/webhooks/deliveries?orderId=${order.id}`, key)).body.data;
      expect(delivery).toMatchObject({ status: 'failed', attemptCount: 8 });
      const times = (delivery.attempts as Array<{ at: string }>).map((a) => Date.parse(a.at));
      const gaps = times.slice(1).map((t, i) => (t - (times[i] as number)) / 1000);
      [1, 5, 30, 120, 360, 720, 1440].forEach((minutes, i) =>
        expect(Math.abs((gaps[i] as number) - minutes * 60)).toBeLessThanOrEqual(60),
      );
      expect(await queueDepth('lab-tests-webhook-retries')).toBe(0); // no stray hops left behind
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('a poison message is redriven to the dead-letter queue after 5 receives, and the operator is alerted', async () => {
    const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: 'lab-tests-webhook-retries' }));
    await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: '{"not":"a retry"}' }));
    const before = await queueDepth('lab-tests-webhook-dlq');
    for (let i = 0; i < 6; i++) await advance(361); // one visibility timeout (6 x the worker's 60 s) each
    expect(await queueDepth('lab-tests-webhook-dlq')).toBe(before + 1);
    expect(service.output()).toMatch(/"alert":"dead_letter_queue".*"queue":"lab-tests-webhook-dlq"/);
  });

  it("a schedule whose target cannot be invoked is retried, then lands in the schedule's dead-letter queue", async () => {
    const at = new Date(Date.parse((await advance(0)).now) + 60_000).toISOString().slice(0, 19);
    await scheduler.send(
      new CreateScheduleCommand({
        Name: 'missing-target',
        GroupName: GROUP,
        ScheduleExpression: `at(${at})`,
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: 'arn:aws:lambda:us-east-1:000000000000:function:NoSuchFunction',
          RoleArn: 'arn:aws:iam::000000000000:role/placement-scheduler',
          Input: '{"orderId":"order_missing"}',
          RetryPolicy: { MaximumRetryAttempts: 2 },
          DeadLetterConfig: { Arn: 'arn:aws:sqs:us-east-1:000000000000:lab-tests-placement-dlq' },
        },
      }),
    );
    const before = await queueDepth('lab-tests-placement-dlq');
    for (let i = 0; i < 4; i++) await advance(121);
    expect(await queueDepth('lab-tests-placement-dlq')).toBe(before + 1);
    expect(service.output()).toMatch(/"alert":"dead_letter_queue".*"queue":"lab-tests-placement-dlq"/);
  });
});

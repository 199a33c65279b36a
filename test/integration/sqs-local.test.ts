import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  PurgeQueueCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  QueueDoesNotExist,
} from '@aws-sdk/client-sqs';
import { startSqsLocal, queueArn, type SqsLocal } from '../../infra/local/sqs-local/index.js';
import { drainQueue } from '../../infra/local/sqs-local/event-source.js';

let nowMs = Date.parse('2026-01-01T00:00:00Z');
const advance = (seconds: number) => (nowMs += seconds * 1000);
const stateFile = join(mkdtempSync(join(tmpdir(), 'sqs-local-')), 'sqs.json');
let sqs: SqsLocal;
let client: SQSClient;
let work: string;
let dlq: string;

beforeAll(async () => {
  sqs = await startSqsLocal({ now: () => nowMs, stateFile });
  client = new SQSClient({
    endpoint: sqs.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  dlq = (await client.send(new CreateQueueCommand({ QueueName: 'work-dlq' }))).QueueUrl as string;
  work = (
    await client.send(
      new CreateQueueCommand({
        QueueName: 'work',
        Attributes: {
          VisibilityTimeout: '60',
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: queueArn('work-dlq'), maxReceiveCount: 3 }),
        },
      }),
    )
  ).QueueUrl as string;
});
afterAll(async () => {
  client.destroy();
  await sqs.close();
});
beforeEach(async () => {
  await client.send(new PurgeQueueCommand({ QueueUrl: work }));
  await client.send(new PurgeQueueCommand({ QueueUrl: dlq }));
});

const receive = async (url = work, max = 10) =>
  (
    await client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: max, MessageSystemAttributeNames: ['All'] }),
    )
  ).Messages ?? [];

describe('the SQS stand-in, driven by the AWS SDK v3 client', () => {
  it('holds a delayed message back until its DelaySeconds have passed on the service clock', async () => {
    const sent = await client.send(
      new SendMessageCommand({ QueueUrl: work, MessageBody: '{"a":1}', DelaySeconds: 60 }),
    );
    expect(sent.MessageId).toBeTruthy(); // the SDK has checked MD5OfMessageBody
    expect(await receive()).toEqual([]);
    advance(59);
    expect(await receive()).toEqual([]);
    advance(1);
    const [m] = await receive();
    expect(m?.Body).toBe('{"a":1}');
    expect(m?.Attributes?.ApproximateReceiveCount).toBe('1');
  });

  it('sends batches, each entry with its own delay, and rejects a delay over 15 minutes', async () => {
    const out = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: work,
        Entries: [
          { Id: 'now', MessageBody: 'x' },
          { Id: 'later', MessageBody: 'y', DelaySeconds: 900 },
          { Id: 'bad', MessageBody: 'z', DelaySeconds: 901 },
        ],
      }),
    );
    expect(out.Successful?.map((s) => s.Id)).toEqual(['now', 'later']);
    expect(out.Failed?.map((f) => [f.Id, f.Code])).toEqual([['bad', 'InvalidParameterValue']]);
    const [x] = await receive();
    expect(x?.Body).toBe('x');
    await client.send(new DeleteMessageCommand({ QueueUrl: work, ReceiptHandle: x?.ReceiptHandle }));
    advance(900);
    expect((await receive()).map((m) => m.Body)).toEqual(['y']);
  });

  it('hides a received message for the visibility timeout, counts receives, and lets ChangeMessageVisibility shorten it', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: work, MessageBody: 'v' }));
    const [first] = await receive();
    expect(await receive()).toEqual([]);
    advance(60);
    const [second] = await receive();
    expect(second?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(second?.MessageId).toBe(first?.MessageId);
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: work,
        ReceiptHandle: second?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    const [third] = await receive();
    await client.send(new DeleteMessageCommand({ QueueUrl: work, ReceiptHandle: third?.ReceiptHandle }));
    advance(120);
    expect(await receive()).toEqual([]);
  });

  it('redrives a message received maxReceiveCount times to the dead-letter queue', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: work, MessageBody: 'poison' }));
    for (let i = 1; i <= 3; i++) {
      const [m] = await receive();
      expect(m?.Attributes?.ApproximateReceiveCount).toBe(String(i));
      advance(60);
    }
    expect(await receive()).toEqual([]);
    expect((await receive(dlq)).map((m) => m.Body)).toEqual(['poison']);
    const attrs = await client.send(new GetQueueAttributesCommand({ QueueUrl: work, AttributeNames: ['All'] }));
    expect(JSON.parse(attrs.Attributes?.RedrivePolicy ?? '{}').maxReceiveCount).toBe(3);
  });

  it("answers an unknown queue with SQS's QueueDoesNotExist error", async () => {
    await expect(
      client.send(new SendMessageCommand({ QueueUrl: `${sqs.endpoint}/000000000000/nope`, MessageBody: 'x' })),
    ).rejects.toBeInstanceOf(QueueDoesNotExist);
  });

  it('runs a Lambda event source mapping: partial batch failures stay, the rest is deleted', async () => {
    await client.send(
      new SendMessageBatchCommand({
        QueueUrl: work,
        Entries: ['ok', 'fail', 'ok2'].map((b) => ({ Id: b, MessageBody: b })),
      }),
    );
    const seen: string[] = [];
    const handled = await drainQueue(sqs.engine, {
      queue: 'work',
      batchSize: 10,
      reportBatchItemFailures: true,
      handler: async (event) => {
        seen.push(...event.Records.map((r) => `${r.body}:${r.attributes.ApproximateReceiveCount}:${r.eventSource}`));
        return {
          batchItemFailures: event.Records.filter((r) => r.body === 'fail').map((r) => ({
            itemIdentifier: r.messageId,
          })),
        };
      },
    });
    expect(handled).toBe(3);
    expect(seen).toEqual(['ok:1:aws:sqs', 'fail:1:aws:sqs', 'ok2:1:aws:sqs']);
    advance(60);
    expect((await receive()).map((m) => m.Body)).toEqual(['fail']);
  });

  it('keeps its queues and messages in its state file across a restart', async () => {
    await client.send(new SendMessageCommand({ QueueUrl: work, MessageBody: 'kept', DelaySeconds: 30 }));
    const again = await startSqsLocal({ now: () => nowMs + 30_000, stateFile });
    try {
      const c = new SQSClient({
        endpoint: again.endpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'l', secretAccessKey: 'l' },
      });
      const got = await c.send(new ReceiveMessageCommand({ QueueUrl: again.queueUrl('work') }));
      expect(got.Messages?.map((m) => m.Body)).toEqual(['kept']);
      c.destroy();
    } finally {
      await again.close();
    }
  });
});

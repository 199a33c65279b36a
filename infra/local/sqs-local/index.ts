import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOCAL_ACCOUNT, QueueEngine, SqsError, queueArn, type QueueSettings, type StoredMessage } from './queues.js';
import { listen } from '../listen.js';
import { readJson, type Json } from '../read-json.js';

/** A queue's URL on the stand-in at `endpoint`, as SQS shapes them. */
export const queueUrlAt = (endpoint: string, name: string): string => `${endpoint}/${LOCAL_ACCOUNT}/${name}`;
export { QueueEngine, queueArn } from './queues.js';

export interface SqsLocal {
  endpoint: string;
  port: number;
  engine: QueueEngine;
  queueUrl(name: string): string;
  close(): Promise<void>;
}

function settingsFrom(attributes: Record<string, string> | undefined): Partial<QueueSettings> {
  const a = attributes ?? {};
  const out: Partial<QueueSettings> = {};
  if (a.VisibilityTimeout) out.visibilityTimeoutSeconds = Number(a.VisibilityTimeout);
  if (a.DelaySeconds) out.delaySeconds = Number(a.DelaySeconds);
  if (a.MessageRetentionPeriod) out.retentionSeconds = Number(a.MessageRetentionPeriod);
  if (a.RedrivePolicy) {
    const p = JSON.parse(a.RedrivePolicy) as { deadLetterTargetArn: string; maxReceiveCount: number | string };
    out.redrive = { deadLetterTargetArn: p.deadLetterTargetArn, maxReceiveCount: Number(p.maxReceiveCount) };
  }
  return out;
}

function wireMessage(m: StoredMessage, wanted: string[]) {
  const all: Record<string, string> = {
    ApproximateReceiveCount: String(m.receiveCount),
    SentTimestamp: String(m.sentAt),
    ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
    SenderId: LOCAL_ACCOUNT,
  };
  const attributes = Object.fromEntries(
    Object.entries(all).filter(([k]) => wanted.includes('All') || wanted.includes(k)),
  );
  return {
    MessageId: m.id,
    ReceiptHandle: m.receiptHandle,
    MD5OfBody: m.md5,
    Body: m.body,
    ...(Object.keys(attributes).length ? { Attributes: attributes } : {}),
    ...(Object.keys(m.attributes).length ? { MessageAttributes: m.attributes } : {}),
  };
}

/**
 * A local Amazon SQS speaking the JSON protocol the AWS SDK v3 uses (`X-Amz-Target:
 * AmazonSQS.<Action>`), over a {@link QueueEngine} on the service clock. Queue URLs name this
 * endpoint, so the SDK's "queue URL as endpoint" routing lands here too.
 */
export async function startSqsLocal(opts: {
  now: () => number;
  stateFile?: string | null;
  port?: number;
  host?: string;
}): Promise<SqsLocal> {
  const engine = new QueueEngine(opts.now, opts.stateFile ?? null);
  let endpoint = '';
  const urlOf = (name: string) => queueUrlAt(endpoint, name);
  const nameOf = (url: unknown) => {
    const name =
      String(url ?? '')
        .split('/')
        .pop() ?? '';
    if (!engine.names().includes(name))
      throw new SqsError(
        'QueueDoesNotExist',
        'AWS.SimpleQueueService.NonExistentQueue',
        'The specified queue does not exist.',
      );
    return name;
  };
  const sendEntry = (name: string, e: Json) =>
    engine.send(
      name,
      String(e.MessageBody ?? ''),
      e.DelaySeconds === undefined ? undefined : Number(e.DelaySeconds),
      (e.MessageAttributes as StoredMessage['attributes']) ?? {},
    );

  const actions: Record<string, (b: Json) => Json> = {
    CreateQueue: (b) => {
      engine.createQueue(String(b.QueueName), settingsFrom(b.Attributes as Record<string, string>));
      return { QueueUrl: urlOf(String(b.QueueName)) };
    },
    GetQueueUrl: (b) => ({ QueueUrl: urlOf(nameOf(b.QueueName)) }),
    ListQueues: () => ({ QueueUrls: engine.names().map(urlOf) }),
    GetQueueAttributes: (b) => {
      const name = nameOf(b.QueueUrl);
      const s = engine.settings(name);
      const c = engine.counts(name);
      return {
        Attributes: {
          QueueArn: queueArn(name),
          VisibilityTimeout: String(s.visibilityTimeoutSeconds),
          DelaySeconds: String(s.delaySeconds),
          MessageRetentionPeriod: String(s.retentionSeconds),
          ApproximateNumberOfMessages: String(c.visible),
          ApproximateNumberOfMessagesNotVisible: String(c.inFlight),
          ApproximateNumberOfMessagesDelayed: String(c.delayed),
          ...(s.redrive ? { RedrivePolicy: JSON.stringify(s.redrive) } : {}),
        },
      };
    },
    SendMessage: (b) => {
      const m = sendEntry(nameOf(b.QueueUrl), b);
      return { MessageId: m.id, MD5OfMessageBody: m.md5 };
    },
    SendMessageBatch: (b) => {
      const name = nameOf(b.QueueUrl);
      const entries = (b.Entries as Json[]) ?? [];
      if (entries.length === 0 || entries.length > 10)
        throw new SqsError(
          'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
          'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
          'A batch holds 1 to 10 entries.',
        );
      const Successful: Json[] = [];
      const Failed: Json[] = [];
      for (const e of entries) {
        try {
          const m = sendEntry(name, e);
          Successful.push({ Id: e.Id, MessageId: m.id, MD5OfMessageBody: m.md5 });
        } catch (err) {
          Failed.push({ Id: e.Id, SenderFault: true, Code: (err as SqsError).code, Message: (err as Error).message });
        }
      }
      return { Successful, Failed };
    },
    ReceiveMessage: (b) => {
      const max = Number(b.MaxNumberOfMessages ?? 1);
      if (!Number.isInteger(max) || max < 1 || max > 10)
        throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'MaxNumberOfMessages must be 1 to 10.');
      const wanted = [
        ...((b.AttributeNames as string[]) ?? []),
        ...((b.MessageSystemAttributeNames as string[]) ?? []),
      ];
      const visibility = b.VisibilityTimeout === undefined ? undefined : Number(b.VisibilityTimeout);
      // Long polling waits in wall time in AWS; on a service clock nothing new arrives while we
      // wait, so a receive answers at once (as a short poll does).
      return { Messages: engine.receive(nameOf(b.QueueUrl), max, visibility).map((m) => wireMessage(m, wanted)) };
    },
    DeleteMessage: (b) => {
      engine.delete(nameOf(b.QueueUrl), String(b.ReceiptHandle ?? ''));
      return {};
    },
    DeleteMessageBatch: (b) => {
      const name = nameOf(b.QueueUrl);
      const Successful: Json[] = [];
      const Failed: Json[] = [];
      for (const e of (b.Entries as Json[]) ?? []) {
        try {
          engine.delete(name, String(e.ReceiptHandle ?? ''));
          Successful.push({ Id: e.Id });
        } catch (err) {
          Failed.push({ Id: e.Id, SenderFault: true, Code: (err as SqsError).code, Message: (err as Error).message });
        }
      }
      return { Successful, Failed };
    },
    ChangeMessageVisibility: (b) => {
      engine.changeVisibility(nameOf(b.QueueUrl), String(b.ReceiptHandle ?? ''), Number(b.VisibilityTimeout));
      return {};
    },
    PurgeQueue: (b) => {
      engine.purge(nameOf(b.QueueUrl));
      return {};
    },
  };

  const server = createServer(async (req, res) => {
    const answer = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.0', ...headers });
      res.end(JSON.stringify(body));
    };
    const target = String(req.headers['x-amz-target'] ?? '');
    const action = actions[target.replace(/^AmazonSQS\./, '')];
    try {
      const body = await readJson(req);
      if (req.method !== 'POST' || !target.startsWith('AmazonSQS.') || !action)
        throw new SqsError(
          'InvalidAction',
          'InvalidAction',
          `The action ${target || '(none)'} is not valid for this endpoint.`,
        );
      answer(200, action(body));
    } catch (err) {
      const e =
        err instanceof SqsError
          ? err
          : new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'The request is malformed.');
      answer(
        400,
        { __type: `com.amazonaws.sqs#${e.code}`, message: e.message },
        { 'x-amzn-query-error': `${e.queryCode};Sender` },
      );
    }
  });
  const port = await listen(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    port,
    engine,
    queueUrl: urlOf,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

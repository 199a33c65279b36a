import { createHash, randomUUID } from 'node:crypto';
import { loadJson, saveJson } from '../json-state.js';

export const LOCAL_ACCOUNT = '000000000000';
export const LOCAL_REGION = 'us-east-1';

export interface StoredMessage {
  id: string;
  body: string;
  md5: string;
  attributes: Record<string, { DataType: string; StringValue?: string }>;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  receiptHandle: string | null;
}

export interface QueueSettings {
  visibilityTimeoutSeconds: number;
  delaySeconds: number;
  retentionSeconds: number;
  redrive: { deadLetterTargetArn: string; maxReceiveCount: number } | null;
}

interface QueueState {
  name: string;
  settings: QueueSettings;
  messages: StoredMessage[];
}

export class SqsError extends Error {
  constructor(
    readonly code: string,
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}

export const queueArn = (name: string) => `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${name}`;
export const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

const DEFAULTS: QueueSettings = {
  visibilityTimeoutSeconds: 30,
  delaySeconds: 0,
  retentionSeconds: 345_600,
  redrive: null,
};

function checkDelay(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 900)
    throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'DelaySeconds must be 0 to 900.');
  return seconds;
}

/**
 * SQS's delivery semantics on an injected clock: delays, visibility timeouts, receive counts and
 * redrive to a dead-letter queue once a message has been received `maxReceiveCount` times.
 */
export class QueueEngine {
  private readonly queues: Record<string, QueueState>;

  constructor(
    private readonly now: () => number,
    private readonly stateFile: string | null,
  ) {
    this.queues = loadJson<Record<string, QueueState>>(stateFile, {});
  }

  private persist(): void {
    saveJson(this.stateFile, this.queues);
  }

  names(): string[] {
    return Object.keys(this.queues);
  }

  /** Idempotent like SQS: the same name with the same settings answers the existing queue. */
  createQueue(name: string, settings: Partial<QueueSettings> = {}): void {
    if (!/^[A-Za-z0-9_-]{1,80}$/.test(name))
      throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'Queue names are 1-80 of [A-Za-z0-9_-].');
    const merged = { ...DEFAULTS, ...settings };
    checkDelay(merged.delaySeconds);
    const existing = this.queues[name];
    if (existing) {
      existing.settings = merged; // settings from the runtime's manifest win over a stale state file
    } else this.queues[name] = { name, settings: merged, messages: [] };
    this.persist();
  }

  settings(name: string): QueueSettings {
    return this.queue(name).settings;
  }

  private queue(name: string): QueueState {
    const q = this.queues[name];
    if (!q)
      throw new SqsError(
        'QueueDoesNotExist',
        'AWS.SimpleQueueService.NonExistentQueue',
        'The specified queue does not exist.',
      );
    return q;
  }

  send(name: string, body: string, delaySeconds?: number, attributes: StoredMessage['attributes'] = {}): StoredMessage {
    const q = this.queue(name);
    if (body.length === 0)
      throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'The message body is empty.');
    if (Buffer.byteLength(body) > 262_144)
      throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'The message is larger than 256 KiB.');
    const at = this.now();
    const message: StoredMessage = {
      id: randomUUID(),
      body,
      md5: md5(body),
      attributes,
      sentAt: at,
      visibleAt: at + checkDelay(delaySeconds ?? q.settings.delaySeconds) * 1000,
      receiveCount: 0,
      firstReceivedAt: null,
      receiptHandle: null,
    };
    q.messages.push(message);
    this.persist();
    return message;
  }

  /** Messages that are visible now, made invisible for the visibility timeout; over-received ones move to the DLQ. */
  receive(name: string, max = 1, visibilityTimeoutSeconds?: number): StoredMessage[] {
    const q = this.queue(name);
    const at = this.now();
    q.messages = q.messages.filter((m) => m.sentAt + q.settings.retentionSeconds * 1000 > at);
    const out: StoredMessage[] = [];
    for (const m of [...q.messages]) {
      if (out.length >= max) break;
      if (m.visibleAt > at) continue;
      if (q.settings.redrive && m.receiveCount >= q.settings.redrive.maxReceiveCount) {
        this.moveToDeadLetter(q, m);
        continue;
      }
      m.receiveCount++;
      m.firstReceivedAt ??= at;
      m.visibleAt = at + (visibilityTimeoutSeconds ?? q.settings.visibilityTimeoutSeconds) * 1000;
      m.receiptHandle = `${m.id}.${randomUUID()}`;
      out.push(m);
    }
    this.persist();
    return out;
  }

  private moveToDeadLetter(q: QueueState, m: StoredMessage): void {
    const target = Object.values(this.queues).find((d) => queueArn(d.name) === q.settings.redrive?.deadLetterTargetArn);
    q.messages = q.messages.filter((x) => x !== m);
    // Like SQS, the message keeps its id, body and original send time in the dead-letter queue.
    if (target)
      target.messages.push({
        ...m,
        visibleAt: this.now(),
        receiveCount: 0,
        firstReceivedAt: null,
        receiptHandle: null,
      });
  }

  private byHandle(name: string, receiptHandle: string): StoredMessage | undefined {
    return this.queue(name).messages.find((m) => m.receiptHandle === receiptHandle);
  }

  /** A stale handle (the message was received again since) deletes nothing, as in SQS. */
  delete(name: string, receiptHandle: string): void {
    const q = this.queue(name);
    if (!/^[0-9a-f-]+\.[0-9a-f-]+$/.test(receiptHandle))
      throw new SqsError('ReceiptHandleIsInvalid', 'ReceiptHandleIsInvalid', 'The receipt handle is not valid.');
    q.messages = q.messages.filter((m) => m.receiptHandle !== receiptHandle);
    this.persist();
  }

  changeVisibility(name: string, receiptHandle: string, seconds: number): void {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200)
      throw new SqsError('InvalidParameterValue', 'InvalidParameterValue', 'VisibilityTimeout must be 0 to 43200.');
    const m = this.byHandle(name, receiptHandle);
    if (!m || m.visibleAt <= this.now())
      throw new SqsError(
        'MessageNotInflight',
        'AWS.SimpleQueueService.MessageNotInflight',
        'The message is not in flight.',
      );
    m.visibleAt = this.now() + seconds * 1000;
    this.persist();
  }

  purge(name: string): void {
    this.queue(name).messages = [];
    this.persist();
  }

  counts(name: string): { visible: number; inFlight: number; delayed: number } {
    const at = this.now();
    const c = { visible: 0, inFlight: 0, delayed: 0 };
    for (const m of this.queue(name).messages) {
      if (m.visibleAt <= at) c.visible++;
      else if (m.receiveCount > 0) c.inFlight++;
      else c.delayed++;
    }
    return c;
  }

  /** The earliest time a message of this queue becomes visible, for pollers that wait on the clock. */
  nextVisibleAt(name: string): number | null {
    const times = this.queue(name).messages.map((m) => m.visibleAt);
    return times.length ? Math.min(...times) : null;
  }
}

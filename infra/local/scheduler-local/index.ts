import { createServer } from 'node:http';
import { listen } from '../listen.js';
import { readJson, type Json } from '../read-json.js';
import {
  ScheduleEngine,
  SchedulerError,
  scheduleArn,
  type InvokeTarget,
  type SendToDeadLetter,
  type StoredSchedule,
} from './schedules.js';

export { ScheduleEngine, scheduleArn } from './schedules.js';

export interface SchedulerLocal {
  endpoint: string;
  port: number;
  engine: ScheduleEngine;
  close(): Promise<void>;
}

const notJson = () => new SchedulerError(400, 'ValidationException', 'The request body is not JSON.');

const seconds = (ms: number) => ms / 1000;

function wireSchedule(s: StoredSchedule) {
  return {
    Arn: scheduleArn(s.group, s.name),
    GroupName: s.group,
    Name: s.name,
    ScheduleExpression: s.expression,
    ScheduleExpressionTimezone: 'UTC',
    State: s.state,
    Target: s.target,
    FlexibleTimeWindow: s.flexibleTimeWindow,
    ActionAfterCompletion: s.actionAfterCompletion,
    ...(s.description ? { Description: s.description } : {}),
    CreationDate: seconds(s.createdAt),
    LastModificationDate: seconds(s.modifiedAt),
  };
}

/**
 * A local Amazon EventBridge Scheduler speaking its REST-JSON protocol (`POST|PUT|GET|DELETE
 * /schedules/{Name}`, `GET /schedules`), so the AWS SDK v3 client and the service's adapter work
 * against it unchanged. Schedules fire when {@link ScheduleEngine.fireDue} runs on the service clock.
 */
export async function startSchedulerLocal(opts: {
  now: () => number;
  invokeTarget: InvokeTarget;
  sendToDeadLetter: SendToDeadLetter;
  stateFile?: string | null;
  port?: number;
  host?: string;
}): Promise<SchedulerLocal> {
  const engine = new ScheduleEngine(opts.now, opts.stateFile ?? null, opts.invokeTarget, opts.sendToDeadLetter);

  const put = (name: string, b: Json, mode: 'create' | 'update') =>
    engine.put(
      {
        name,
        group: typeof b.GroupName === 'string' ? b.GroupName : 'default',
        expression: String(b.ScheduleExpression ?? ''),
        state: b.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
        target: b.Target as StoredSchedule['target'],
        actionAfterCompletion: b.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
        flexibleTimeWindow: b.FlexibleTimeWindow as StoredSchedule['flexibleTimeWindow'],
        ...(typeof b.Description === 'string' ? { description: b.Description } : {}),
      },
      typeof b.ScheduleExpressionTimezone === 'string' ? b.ScheduleExpressionTimezone : undefined,
      mode,
    );

  const server = createServer(async (req, res) => {
    const answer = (status: number, body: Json, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const body = await readJson(req, notJson);
      const group = url.searchParams.get('groupName') ?? 'default';
      if (url.pathname === '/schedules' && req.method === 'GET')
        return answer(200, {
          Schedules: engine.list().map((s) => ({ ...wireSchedule(s), Target: { Arn: s.target.Arn } })),
        });
      const m = /^\/schedules\/([^/]+)$/.exec(url.pathname);
      if (!m) throw new SchedulerError(404, 'ResourceNotFoundException', 'No such resource.');
      const name = decodeURIComponent(m[1] as string);
      if (req.method === 'POST') {
        const s = put(name, body, 'create');
        return answer(200, { ScheduleArn: scheduleArn(s.group, s.name) });
      }
      if (req.method === 'PUT') {
        const s = put(name, body, 'update');
        return answer(200, { ScheduleArn: scheduleArn(s.group, s.name) });
      }
      if (req.method === 'GET') return answer(200, wireSchedule(engine.get(group, name)));
      if (req.method === 'DELETE') {
        engine.delete(group, name);
        return answer(200, {});
      }
      throw new SchedulerError(405, 'ValidationException', 'Method not allowed.');
    } catch (err) {
      const e = err instanceof SchedulerError ? err : new SchedulerError(400, 'ValidationException', 'Bad request.');
      answer(e.status, { Message: e.message }, { 'x-amzn-ErrorType': e.code });
    }
  });
  const port = await listen(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    engine,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

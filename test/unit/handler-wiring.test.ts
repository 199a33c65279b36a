import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { makeHandler as ordersGet } from '../../functions/partner/orders-get.js';
import { parseRuntimeEnv } from '../../shared/config/runtime-env.js';
import type { HttpEvent } from '../../shared/http/respond.js';
import { ROUTES } from '../../shared/manifest/index.js';
import { lambdaEntries } from '../../tools/bundle-report.js';
import { MemoryAuditLog, MemoryOrders } from '../support/fakes.js';

const root = join(import.meta.dirname, '..', '..');
const filesUnder = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => relative(root, join(root, dir, f)));

describe('Lambda entries', () => {
  it('every deployed entry is a lambdas/ module binding the handler of the same path in functions/', () => {
    for (const entry of lambdaEntries()) {
      expect(entry, entry).toMatch(/^lambdas\//);
      expect(existsSync(join(root, entry)), entry).toBe(true);
      expect(existsSync(join(root, entry.replace(/^lambdas\//, 'functions/'))), entry).toBe(true);
    }
  });

  it('no entry is left unused, and the local-only tools are not among the deployed ones', () => {
    expect(filesUnder('lambdas').sort()).toEqual([...lambdaEntries()].sort());
    for (const route of ROUTES.filter((r) => r.localOnly)) expect(route.entry).toMatch(/^infra\/local\//);
  });
});

describe('a handler factory', () => {
  it('runs on whatever it is given: here in-memory fakes, no composition root, no AWS', async () => {
    const orders = new MemoryOrders();
    const audit = new MemoryAuditLog();
    const handler = ordersGet({
      logger: () => ({ info: () => undefined, warn: () => undefined, error: () => undefined }),
      runtimeEnv: () => parseRuntimeEnv({}),
      orderStore: () => orders,
      auditDeps: () => ({ audit, now: () => new Date(0), newId: () => 'aud_1', alert: () => undefined }),
    });
    const event = (id: string) =>
      ({
        httpMethod: 'GET',
        resource: '/api/v1/orders/{id}',
        headers: {},
        pathParameters: { id },
        requestContext: { requestId: 'req_1', authorizer: { partnerId: 'ptr_1', keyId: 'key_1' } },
      }) as unknown as HttpEvent;
    const context = { awsRequestId: 'req_1' } as Context;
    // Another partner's order reads as unknown, and the read is audited through the injected log.
    orders.orders.set('order_01JD0000000000000000000000', {
      id: 'order_01JD0000000000000000000000',
      partnerId: 'ptr_2',
    } as never);
    const missing = await handler(event('order_01JD0000000000000000000000'), context);
    expect(missing.statusCode).toBe(404);
    expect(audit.records.map((r) => [r.action, r.outcome])).toEqual([['order.read', 'not_found']]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildDocument, documentedRoutes, OPERATIONS } from '../../shared/http/openapi/documents.js';

const docs = {
  public: buildDocument('public', 'http://localhost'),
  partner: buildDocument('partner', 'http://localhost'),
};

describe.each(['public', 'partner'] as const)('%s OpenAPI document', (which) => {
  const doc = docs[which];
  const documented = new Set(
    Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
  const routes = new Set(documentedRoutes(which).map((r) => `${r.method} ${r.path}`));

  it('is OpenAPI 3.1 at version 1.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  it('documents exactly the routes of the route table, no more and no fewer', () => {
    expect([...documented].sort()).toEqual([...routes].sort());
  });

  it('every operation has a success response and its error responses with the error shape', () => {
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item as Record<string, { responses: Record<string, { content?: unknown }> }>)) {
        const statuses = Object.keys(op.responses);
        expect(statuses.some((s) => s.startsWith('2'))).toBe(true);
        for (const s of statuses.filter((x) => !x.startsWith('2'))) expect(op.responses[s]?.content).toBeDefined();
      }
    }
  });
});

describe('partner document specifics', () => {
  const doc = docs.partner;
  it('has the bearer scheme, the Idempotency-Key header and the three webhooks', () => {
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    const create = (
      doc.paths?.['/api/v1/orders'] as {
        post: { parameters: Array<{ name: string; in: string }>; responses: Record<string, { description: string }> };
      }
    ).post;
    expect(create.parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
    for (const code of ['idempotency_conflict', 'payment_in_flight', 'payment_pending', 'no_payment_method'])
      expect(JSON.stringify(create.responses)).toContain(code);
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([
      'order.cancelled',
      'order.requisition_ready',
      'order.results_ready',
    ]);
  });
  it('has no stale operations (every OPERATIONS entry is a route)', () => {
    const all = new Set(
      [...documentedRoutes('public'), ...documentedRoutes('partner')].map((r) => `${r.method} ${r.path}`),
    );
    for (const k of Object.keys(OPERATIONS)) expect(all.has(k), k).toBe(true);
  });
});

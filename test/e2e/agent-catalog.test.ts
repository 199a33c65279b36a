import { describe, expect, it } from 'vitest';
import { getJson, getPage as get } from '../support/http.js';

describe('agent-facing catalogue', () => {
  it('/api/catalog is compact, has Spanish with locale=es and carries utm_medium into urls', async () => {
    const en = await getJson('/api/catalog');
    expect(en.status).toBe(200);
    const cbc = en.body.tests.find((t: { id: string }) => t.id === 'cbc');
    expect(Object.keys(cbc).sort()).toEqual([
      'biomarkers',
      'category',
      'description',
      'id',
      'name',
      'price',
      'type',
      'url',
    ]);
    expect(Number.isInteger(cbc.price)).toBe(true);
    const panel = en.body.panels[0];
    expect(panel.biomarkers.length).toBeGreaterThan(0);
    const es = await getJson('/api/catalog?locale=es&utm_medium=chatbot');
    const cbcEs = es.body.tests.find((t: { id: string }) => t.id === 'cbc');
    expect(cbcEs.name).toBe('Hemograma completo con diferencial');
    expect(cbcEs.category).toBe('Hemograma');
    expect(es.body.orderFee.label).toBe('Tarifa de extracción en laboratorio y orden médica');
    expect(es.body.orderFee.amountCents).toBe(en.body.orderFee.amountCents);
    // Every category the catalogue uses has its Spanish name.
    const english = new Set([...en.body.tests, ...en.body.panels].map((i: { category: string }) => i.category));
    const spanish = new Set([...es.body.tests, ...es.body.panels].map((i: { category: string }) => i.category));
    for (const c of spanish) expect(english.has(c), c).toBe(c === 'Diabetes');
    expect(cbcEs.url).toMatch(/utm_medium=chatbot$/);
    expect(en.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('/llms.txt points agents to the catalogue, the quote API, MCP and the API documents', async () => {
    const res = await get('/llms.txt');
    const body = await res.text();
    for (const p of ['/api/catalog', '/api/public/v1/quote', '/mcp', 'openapi.json']) expect(body).toContain(p);
  });
});

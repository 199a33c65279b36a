import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { query, repeatedQueryParameters } from '../../shared/http/respond.js';

// What API Gateway (REST, v1 proxy) delivers for ?items=cbc&items=tsh&state=CA: the last value of
// each name in queryStringParameters, every value in multiValueQueryStringParameters.
const event = (multi: Record<string, string[]> | null) =>
  ({
    queryStringParameters: multi ? Object.fromEntries(Object.entries(multi).map(([k, v]) => [k, v.at(-1)])) : null,
    multiValueQueryStringParameters: multi,
  }) as unknown as APIGatewayProxyEvent;

describe('reading the query string', () => {
  it('reads every value of a repeated parameter, comma-joined, never only the last', () => {
    const e = event({ items: ['cbc', 'tsh'], state: ['CA'] });
    expect(query(e)).toEqual({ items: 'cbc,tsh', state: 'CA' });
    expect(repeatedQueryParameters(e)).toEqual(['items']);
  });
  it('keeps empty values, so a repeat with an empty one is still seen', () => {
    const e = event({ state: ['CA', ''] });
    expect(query(e)).toEqual({ state: 'CA,' });
    expect(repeatedQueryParameters(e)).toEqual(['state']);
  });
  it('answers an empty query without parameters', () => {
    expect(query(event(null))).toEqual({});
    expect(repeatedQueryParameters(event(null))).toEqual([]);
  });
  it('falls back to the single values when the event carries no multi-value map', () => {
    const e = { queryStringParameters: { limit: '5' }, multiValueQueryStringParameters: null } as never;
    expect(query(e)).toEqual({ limit: '5' });
  });
});

import { describe, expect, it } from 'vitest';
import { contractViolation } from '../support/contract.js';

describe('the e2e contract checker', () => {
  it('flags a body that does not match the documented schema, and passes one that does', () => {
    expect(
      contractViolation('GET', 'http://x/api/public/v1/quote', 200, 'application/json', { currency: 'USD' }),
    ).toMatch(/quote 200/);
    const error = { error: { code: 'missing_items', message: 'm', docs: 'http://x/docs#error-missing_items' } };
    expect(
      contractViolation('GET', 'http://x/api/public/v1/quote', 400, 'application/json; charset=utf-8', error),
    ).toBeNull();
  });
  it('flags an error code the operation does not document for that status', () => {
    const body = (code: string) => ({ error: { code, message: 'm' } });
    expect(contractViolation('GET', 'http://x/api/v1/orders/order_1', 404, 'application/json', body('not_found'))).toBe(
      null,
    );
    expect(
      contractViolation('GET', 'http://x/api/v1/orders/order_1', 409, 'application/json', body('cannot_cancel')),
    ).toMatch(/not documented for getOrder/);
    expect(
      contractViolation('DELETE', 'http://x/api/v1/orders/order_1', 409, 'application/json', body('not_ready')),
    ).toMatch(/409/);
  });
  it('flags undocumented statuses and content types, and ignores undocumented routes', () => {
    expect(contractViolation('GET', 'http://x/api/v1/orders/order_1', 418, 'application/json', {})).toMatch(
      /not documented for getOrder/,
    );
    expect(contractViolation('GET', 'http://x/api/v1/orders/order_1', 404, 'text/html', {})).toMatch(/content type/);
    expect(contractViolation('POST', 'http://x/admin/v1/clock/advance', 200, 'application/json', {})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { authorizerResult } from '../../functions/partner/authorizer.js';

const arn = 'arn:aws:execute-api:us-east-1:123456789012:api/prod/GET/api/v1/orders';
const partner = { usagePlanKey: 'upk_123' };

describe('partner authorizer answer', () => {
  it('a good key: identity in the context and the partner’s usage-plan key', () => {
    const r = authorizerResult(arn, { ok: true, partnerId: 'ptr_1', keyId: 'key_1', environment: 'test' }, partner);
    expect(r.context).toEqual({ partnerId: 'ptr_1', keyId: 'key_1' });
    expect(r.usageIdentifierKey).toBe('upk_123');
    expect(r.principalId).toBe('ptr_1');
  });

  it('a suspended partner keeps its usage-plan key, so the handler (not API Gateway’s 401) answers 403', () => {
    const r = authorizerResult(arn, { ok: false, code: 'partner_suspended' }, partner);
    expect(r.context).toEqual({ authError: 'partner_suspended' });
    expect(r.usageIdentifierKey).toBe('upk_123');
  });

  it('an unknown or wrong-environment key gets no usage-plan key: API Gateway answers 401', () => {
    for (const code of ['invalid_api_key', 'wrong_environment'] as const) {
      const r = authorizerResult(arn, { ok: false, code }, partner);
      expect(r.context).toEqual({ authError: code });
      expect(r).not.toHaveProperty('usageIdentifierKey');
      expect(r.principalId).toBe('anonymous');
    }
  });
});

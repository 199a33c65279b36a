import { describe, expect, it } from 'vitest';
import { parseRuntimeEnv, RUNTIME_ENV } from '../../shared/config/runtime-env.js';
import { LOCAL_TABLE_NAMES } from '../../shared/config/table-names.js';

// The environment every function reads at its start (shared/config/runtime-env.ts): defaults only
// for what is unset, every value checked by its kind, every bad variable named at once.
describe('the runtime environment', () => {
  it('gives the local defaults for what is unset, whole numbers as numbers, and nothing else', () => {
    const env = parseRuntimeEnv({ UNRELATED: 'x', RATE_LIMIT_BURST: '7' });
    expect(env.ORDERS_TABLE).toBe(LOCAL_TABLE_NAMES.orders);
    expect(env.SERVICE_ENVIRONMENT).toBe('sandbox');
    expect(env.RATE_LIMIT_BURST).toBe(7);
    expect(env.RATE_LIMIT_PER_MINUTE).toBe(60);
    expect(env.LAB_ACK_TIMEOUT_MS).toBe(30_000);
    expect('PUBLIC_BASE_URL' in env).toBe(false);
    expect('UNRELATED' in env).toBe(false);
    expect(Object.keys(env).every((k) => k in RUNTIME_ENV)).toBe(true);
  });

  it('keeps what is set, URLs and names as given', () => {
    const env = parseRuntimeEnv({
      ORDERS_TABLE: 'LabTests-sandbox-orders',
      PUBLIC_BASE_URL: 'https://labs.example.com/v1',
      SERVICE_ENVIRONMENT: 'production',
      WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q',
    });
    expect(env).toMatchObject({
      ORDERS_TABLE: 'LabTests-sandbox-orders',
      PUBLIC_BASE_URL: 'https://labs.example.com/v1',
      SERVICE_ENVIRONMENT: 'production',
      WEBHOOK_QUEUE_URL: 'https://sqs.us-east-1.amazonaws.com/1/q',
    });
  });

  it('names every bad variable at once, an empty one included (only unset takes the default)', () => {
    let message = '';
    try {
      parseRuntimeEnv({
        ORDERS_TABLE: '',
        RATE_LIMIT_BURST: '0',
        RATE_LIMIT_PER_MINUTE: 'ten',
        SERVICE_ENVIRONMENT: 'staging',
        DYNAMODB_ENDPOINT: 'localhost',
        CURSOR_SECRET: 'short',
      });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Invalid environment:',
      '  ORDERS_TABLE: must be at least 3 characters',
      '  DYNAMODB_ENDPOINT: must be an absolute URL',
      '  RATE_LIMIT_BURST: must be greater than 0',
      '  RATE_LIMIT_PER_MINUTE: must be a positive whole number',
      '  SERVICE_ENVIRONMENT: must be one of sandbox, production',
      '  CURSOR_SECRET: must be at least 16 characters',
    ]);
  });

  it('in a deployed stage, requires what would otherwise fail open to the local defaults', () => {
    expect(() => parseRuntimeEnv({ AWS_LAMBDA_FUNCTION_NAME: 'fn', PUBLIC_BASE_URL: 'https://x.example' })).toThrow(
      /SERVICE_ENVIRONMENT: required in a deployed stage/,
    );
    expect(() => parseRuntimeEnv({ AWS_LAMBDA_FUNCTION_NAME: 'fn', SERVICE_ENVIRONMENT: 'sandbox' })).toThrow(
      /PUBLIC_BASE_URL: required in a deployed stage/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isForbiddenAddress } from '../../shared/domain/webhooks/ssrf.js';
import { personalDetailIn } from '../../shared/domain/search.js';
import { checkStripeKeyForStage, parseRuntimeEnv, secretSource } from '../../shared/config/runtime-env.js';
import catalog from '../../data/catalog.json' with { type: 'json' };

describe('SSRF: tunnels and trailing dots', () => {
  it.each(['2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001::1', '100::1', '100::ffff:1', '192.88.99.1', '192.88.99.254'])(
    'refuses %s',
    (ip) => expect(isForbiddenAddress(ip)).toBe(true),
  );
  it.each(['2001:4860:4860::8888', '2606:4700:4700::1111', '100:1::1', '192.88.100.1'])('allows %s', (ip) =>
    expect(isForbiddenAddress(ip)).toBe(false),
  );
  it.each([
    'https://localhost./h',
    'https://localhost../h',
    'https://metadata.google.internal./',
    'https://printer.local./',
  ])('refuses the internal host name %s', (url) =>
    expect(checkWebhookUrl(url, { requireHttps: true, allowLoopback: false }).ok).toBe(false),
  );
  it('still accepts a public fully qualified name', () => {
    expect(checkWebhookUrl('https://hooks.example.com./in', { requireHttps: true, allowLoopback: false }).ok).toBe(
      true,
    );
  });
});

describe('MCP search refuses personal details beyond e-mails and phones', () => {
  it.each([
    ['ssn', 'a1c 123-45-6789'],
    ['ssn', 'my social security number and thyroid'],
    ['card_number', 'lipid 4242424242424242'],
    ['card_number', 'lipid 5555-5555-5555-4444'],
    ['member_id', 'MRN 00123456 thyroid'],
    ['member_id', 'insurance member id W123456789'],
    ['member_id', 'XYZ123456789 cholesterol'],
    ['street_address', '1200 Market Street a1c'],
    ['street_address', 'cbc 42 N Elm Ave'],
    ['street_address', 'thyroid apt 4'],
    ['date_of_birth', 'born March 3rd, 1984'],
    ['date_of_birth', 'a1c 3 March 1984'],
    ['date_of_birth', 'dob 1984'],
  ])('%s: %s', (kind, query) => expect(personalDetailIn(query)).toBe(kind));

  it('a 16-digit number that fails Luhn is not taken for a card', () => {
    expect(personalDetailIn('lipid 4242424242424241')).not.toBe('card_number');
  });

  it('takes no catalogue name, keyword, biomarker or LOINC code for an id, card, SSN, address or birth date', () => {
    const items = [...catalog.tests, ...catalog.panels] as Array<{
      name: string;
      keywords?: string[];
      biomarkers?: Array<{ name: string; loinc?: string }>;
    }>;
    const terms = items
      .flatMap((i) => [i.name, ...(i.keywords ?? []), ...(i.biomarkers ?? []).flatMap((b) => [b.name, b.loinc])])
      .filter((t): t is string => typeof t === 'string');
    expect(terms.length).toBeGreaterThan(100);
    // Symptom words ("fatigue") are refused by design, catalogue keywords or not.
    const added = ['ssn', 'card_number', 'member_id', 'street_address', 'date_of_birth', 'phone'];
    expect(terms.filter((t) => added.includes(personalDetailIn(t) ?? ''))).toEqual([]);
  });
});

describe('the Stripe key belongs to its stage', () => {
  it('production takes live keys only; the sandbox never takes one', () => {
    expect(checkStripeKeyForStage('sk_live_abc', 'production')).toBe('sk_live_abc');
    expect(checkStripeKeyForStage('rk_live_abc', 'production')).toBe('rk_live_abc');
    expect(() => checkStripeKeyForStage('sk_test_abc', 'production')).toThrow(/not a live key/);
    expect(() => checkStripeKeyForStage('sk_live_abc', 'sandbox')).toThrow(/live key/);
    expect(checkStripeKeyForStage('sk_test_abc', 'sandbox')).toBe('sk_test_abc');
  });

  it('the error never carries the key', () => {
    expect(() => checkStripeKeyForStage('sk_test_SECRETVALUE', 'production')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('SECRETVALUE') }),
    );
  });
});

describe('no fail-open secrets in a deployed stage', () => {
  const deployed = parseRuntimeEnv({
    AWS_LAMBDA_FUNCTION_NAME: 'fn',
    SERVICE_ENVIRONMENT: 'production',
    PUBLIC_BASE_URL: 'https://labs.example.com',
  });

  it('a deployed function without its secret ARN stops instead of using the published local value', () => {
    expect(() => secretSource(deployed, 'CURSOR_SECRET_ARN', 'CURSOR_SECRET')).toThrow(/CURSOR_SECRET_ARN: required/);
    expect(() => secretSource(deployed, 'STRIPE_SECRET_ARN', 'STRIPE_SECRET_KEY')).toThrow(/STRIPE_SECRET_ARN/);
    expect(secretSource({ ...deployed, CURSOR_SECRET_ARN: 'arn:x' }, 'CURSOR_SECRET_ARN', 'CURSOR_SECRET').arn).toBe(
      'arn:x',
    );
  });

  it('the local runtime keeps its defaults', () => {
    const local = parseRuntimeEnv({});
    expect(secretSource(local, 'CURSOR_SECRET_ARN', 'CURSOR_SECRET').value).toMatch(/^local-/);
    expect(secretSource(local, 'STRIPE_SECRET_ARN', 'STRIPE_SECRET_KEY').value).toMatch(/^sk_test_/);
  });
});

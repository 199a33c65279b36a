import { describe, expect, it } from 'vitest';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { preflight, report, type PreflightClients } from '../../tools/preflight.js';

const notFound = (name: string) => Object.assign(new Error(name), { name });

/** A stubbed AWS: each client answers the command it is sent, or throws the service's error. */
function account(opts: { concurrency: number; secrets: string[]; bootstrap: number | null; empty?: string[] }) {
  const sent: unknown[] = [];
  const send = (answer: (cmd: { input: Record<string, unknown> }) => unknown) =>
    (async (cmd: { input: Record<string, unknown> }) => {
      sent.push(cmd);
      return answer(cmd);
    }) as never;
  const clients: PreflightClients = {
    lambda: {
      send: send((cmd) => {
        expect(cmd).toBeInstanceOf(GetAccountSettingsCommand);
        return {
          AccountLimit: { ConcurrentExecutions: opts.concurrency, UnreservedConcurrentExecutions: opts.concurrency },
        };
      }),
    },
    secrets: {
      send: send((cmd) => {
        expect(cmd).toBeInstanceOf(DescribeSecretCommand);
        const id = cmd.input.SecretId as string;
        if (!opts.secrets.includes(id)) throw notFound('ResourceNotFoundException');
        // DescribeSecret's answer: a secret created without a value has no versions.
        return { Name: id, VersionIdsToStages: opts.empty?.includes(id) ? {} : { v1: ['AWSCURRENT'] } };
      }),
    },
    ssm: {
      send: send((cmd) => {
        expect(cmd).toBeInstanceOf(GetParameterCommand);
        expect(cmd.input.Name).toBe('/cdk-bootstrap/hnb659fds/version');
        if (opts.bootstrap === null) throw notFound('ParameterNotFound');
        return { Parameter: { Value: String(opts.bootstrap) } };
      }),
    },
  };
  return { clients, sent };
}

describe('npm run preflight', () => {
  it('passes a ready account', async () => {
    const { clients } = account({
      concurrency: 1000,
      secrets: ['lab-tests/production/stripe-secret-key', 'lab-tests/production/stripe-webhook-secret'],
      bootstrap: 27,
    });
    const checks = await preflight(clients, 'production');
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(report(checks)).not.toContain('MISSING');
    expect(report(checks)).toContain('lab-tests/production/stripe-webhook-secret: present');
  });

  it('says what a fresh account is missing: quota, the Stripe key and events secret, the bootstrap', async () => {
    const { clients } = account({ concurrency: 10, secrets: [], bootstrap: null });
    const checks = await preflight(clients, 'sandbox');
    expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'Lambda concurrency quota',
      'Secret lab-tests/sandbox/stripe-secret-key',
      'Secret lab-tests/sandbox/stripe-webhook-secret',
      'CDK bootstrap',
    ]);
    const text = report(checks);
    expect(text).toContain('request an increase');
    expect(text).toContain('missing: create it');
    expect(text).toContain('cdk bootstrap');
  });

  it('flags an outdated bootstrap and never reads a secret value', async () => {
    const { clients, sent } = account({
      concurrency: 1000,
      secrets: ['lab-tests/sandbox/stripe-secret-key', 'lab-tests/sandbox/stripe-webhook-secret'],
      bootstrap: 3,
    });
    const checks = await preflight(clients, 'sandbox');
    expect(checks.find((c) => c.name === 'CDK bootstrap')?.ok).toBe(false);
    expect(sent.map((c) => (c as object).constructor.name)).not.toContain('GetSecretValueCommand');
  });

  it('the Stripe events secret: missing, or created without a value, is reported with what it is for', async () => {
    const { clients } = account({
      concurrency: 1000,
      secrets: ['lab-tests/sandbox/stripe-secret-key'],
      bootstrap: 27,
    });
    const missing = await preflight(clients, 'sandbox');
    expect(missing.filter((c) => !c.ok)).toEqual([
      {
        name: 'Secret lab-tests/sandbox/stripe-webhook-secret',
        ok: false,
        detail:
          'missing: create it with the signing secret of Stripe’s events to POST /stripe/webhook (see the README, "Deploying to AWS")',
      },
    ]);
    const empty = account({
      concurrency: 1000,
      secrets: ['lab-tests/sandbox/stripe-secret-key', 'lab-tests/sandbox/stripe-webhook-secret'],
      empty: ['lab-tests/sandbox/stripe-webhook-secret'],
      bootstrap: 27,
    });
    const checks = await preflight(empty.clients, 'sandbox');
    expect(checks.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      'has no current value: put the signing secret of Stripe’s events to POST /stripe/webhook in it',
    ]);
  });
});

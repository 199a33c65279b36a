import { describe, expect, it } from 'vitest';
import { GetAccountSettingsCommand } from '@aws-sdk/client-lambda';
import { DescribeSecretCommand } from '@aws-sdk/client-secrets-manager';
import { GetParameterCommand } from '@aws-sdk/client-ssm';
import { preflight, report, type PreflightClients } from '../../tools/preflight.js';

const notFound = (name: string) => Object.assign(new Error(name), { name });

/** A stubbed AWS: each client answers the command it is sent, or throws the service's error. */
function account(opts: { concurrency: number; secrets: string[]; bootstrap: number | null }) {
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
        if (!opts.secrets.includes(cmd.input.SecretId as string)) throw notFound('ResourceNotFoundException');
        return { Name: cmd.input.SecretId };
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
      secrets: ['lab-tests/production/stripe-secret-key'],
      bootstrap: 27,
    });
    const checks = await preflight(clients, 'production');
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(report(checks)).not.toContain('MISSING');
  });

  it('says what a fresh account is missing: quota, the Stripe secret, the bootstrap', async () => {
    const { clients } = account({ concurrency: 10, secrets: [], bootstrap: null });
    const checks = await preflight(clients, 'sandbox');
    expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual([
      'Lambda concurrency quota',
      'Secret lab-tests/sandbox/stripe-secret-key',
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
      secrets: ['lab-tests/sandbox/stripe-secret-key'],
      bootstrap: 3,
    });
    const checks = await preflight(clients, 'sandbox');
    expect(checks.find((c) => c.name === 'CDK bootstrap')?.ok).toBe(false);
    expect(sent.map((c) => (c as object).constructor.name)).not.toContain('GetSecretValueCommand');
  });
});

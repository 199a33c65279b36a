import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lambdaLikeEnv } from '../../tools/bench/lambda-env.js';

describe("the bench's cold-start environment", () => {
  it("leaves out the machine's Node settings, which Lambda does not have, and keeps the rest", () => {
    const env = lambdaLikeEnv({
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
      NODE_OPTIONS: '--max-old-space-size=64',
      NODE_COMPILE_CACHE: '/tmp/cache',
      NODE_ENV: 'production',
      PATH: '/usr/bin',
      AWS_REGION: 'us-east-1',
    });
    expect(env).toEqual({ NODE_ENV: 'production', PATH: '/usr/bin', AWS_REGION: 'us-east-1' });
  });

  it('starts a process that sees none of them', () => {
    const seen = execFileSync(
      process.execPath,
      ['-e', 'console.log(Object.keys(process.env).filter((k) => k.startsWith("NODE_")).join(","))'],
      {
        env: lambdaLikeEnv({ ...process.env, NODE_EXTRA_CA_CERTS: '/nonexistent.pem', NODE_OPTIONS: '--no-warnings' }),
      },
    ).toString();
    expect(seen.trim().split(',').filter(Boolean)).toEqual(process.env.NODE_ENV ? ['NODE_ENV'] : []);
  });
});

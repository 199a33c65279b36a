import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { coldStartNode, lambdaLikeEnv } from '../../tools/bench/lambda-env.js';
import { coldStartGoals, REFERENCE_PREFIX } from '../../tools/bench/goals.js';

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

describe("the bench's cold-start goals", () => {
  it('judge every function against its limit and leave the floor and the references beside it unjudged', () => {
    const figure = (vsHelloWorld: number) => ({ coldStartMs: 100, helloWorldMs: 60, vsHelloWorld });
    const goals = coldStartGoals({
      'hello world': figure(1),
      [`${REFERENCE_PREFIX}one DynamoDB read`]: figure(2.6),
      'public/quote': figure(1.9),
      'lab/oru': figure(2.4),
    });
    expect(goals.map((g) => [g.goal, g.limit, g.pass])).toEqual([
      ['cold start public/quote', '<= 1.8x', false],
      ['cold start lab/oru', '<= 2.5x', true],
    ]);
  });
});

describe("the cold starts' Node", () => {
  it('is this one unless BENCH_NODE names another, whose version is read', () => {
    expect(coldStartNode({})).toEqual({ path: process.execPath, version: process.version });
    expect(coldStartNode({ BENCH_NODE: process.execPath }).version).toBe(process.version);
  });

  it('refuses a BENCH_NODE that does not run, before anything is measured', () => {
    expect(() => coldStartNode({ BENCH_NODE: '/nonexistent/node' })).toThrow(
      /BENCH_NODE=\/nonexistent\/node does not run/,
    );
  });
});

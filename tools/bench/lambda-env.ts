import { execFileSync } from 'node:child_process';

/**
 * The environment a cold start's process gets from the machine it runs on, as Lambda's would be:
 * without Node's own start-up settings (every `NODE_*` variable but NODE_ENV). A machine's
 * NODE_EXTRA_CA_CERTS makes every Node process read and parse a CA bundle before any code runs
 * (about 85 ms on this workplace's machines, where it is set), which Lambda's Node 20 and later
 * runtimes do not do unless a function sets it; NODE_OPTIONS or NODE_COMPILE_CACHE would change
 * what every process runs. Left in, they would raise the hello-world floor and every process
 * alike, and so understate each function's ratio to the floor.
 */
export function lambdaLikeEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('NODE_') || name === 'NODE_ENV'));
}

/**
 * The Node that runs each cold start: this one, or BENCH_NODE's (a path to another `node`), so the
 * figures can be taken on the Node Lambda runs (the stack's runtime is Node 22; the bundles target
 * it) when this machine's is another. Its version is read once, and a path that does not run is
 * refused before anything is measured.
 */
export function coldStartNode(env: NodeJS.ProcessEnv = process.env): { path: string; version: string } {
  const path = env.BENCH_NODE || process.execPath;
  try {
    return { path, version: execFileSync(path, ['--version'], { encoding: 'utf8' }).trim() };
  } catch (err) {
    throw new Error(`BENCH_NODE=${path} does not run as node: ${(err as Error).message.split('\n')[0]}`, {
      cause: err,
    });
  }
}

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

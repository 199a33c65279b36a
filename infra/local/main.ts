// `npm start`: the whole service on one origin, on embedded stand-ins (DynamoDB Local, s3rver,
// the Stripe simulator). The runtime is imported after the environment is settled.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { startLocalRuntime } = await import('./runtime.js');

try {
  const runtime = await startLocalRuntime(process.env);
  // The ready line comes last, so a script that waits for it has every line before it.
  console.log([...runtime.notes, `Lab test service listening on ${runtime.url}`].join('\n'));
  const stop = async () => {
    await runtime.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// `npm start`: the whole service on one origin, on embedded stand-ins (DynamoDB Local, S3, SQS,
// EventBridge Scheduler, the Stripe simulator). The runtime is imported after the environment is settled.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { startLocalRuntime } = await import('./runtime.js');

try {
  const runtime = await startLocalRuntime(process.env, { progress: (line) => console.log(line) });
  // The ready line comes last, so a script that waits for it has every line before it.
  console.log([...runtime.notes, `Lab test service listening on ${runtime.url}`].join('\n'));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping...');
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

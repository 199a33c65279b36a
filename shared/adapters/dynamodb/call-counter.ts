import { AsyncLocalStorage } from 'node:async_hooks';

// Counts DynamoDB calls per request: an SDK middleware increments the counter of the request
// running in this async context. The local runtime reports it, so tests can hold budgets.
const scope = new AsyncLocalStorage<{ calls: number; commands: string[] }>();

export function countDynamoCalls<T>(fn: () => Promise<T>): Promise<{ result: T; calls: number; commands: string[] }> {
  const counter = { calls: 0, commands: [] as string[] };
  return scope.run(counter, async () => ({ result: await fn(), ...counter }));
}

export function recordDynamoCall(command: string): void {
  const counter = scope.getStore();
  if (counter) {
    counter.calls++;
    counter.commands.push(command);
  }
}

import { describe, expect, it, vi } from 'vitest';
import { reportSimulatedResults } from '../../shared/app/simulated-results.js';
import type { SandboxDeps } from '../../shared/app/sandbox.js';
import type { OrderRecord } from '../../shared/domain/order.js';
import { MemoryOrders } from '../support/fakes.js';

// The AWS sandbox's results schedule target: reports only what still awaits results, never in production.
const depsWith = (orders: MemoryOrders, environment: string) =>
  ({ orders, environment, now: () => new Date('2026-03-01T00:00:00Z') }) as unknown as SandboxDeps & {
    environment: string;
  };

describe('simulated results by schedule', () => {
  it('refuses to run in production', async () => {
    await expect(reportSimulatedResults(depsWith(new MemoryOrders(), 'production'), 'ord_1')).rejects.toThrow(
      /never run in production/,
    );
  });

  it('leaves an unknown order, and one no longer awaiting results (reported early, cancelled), as it is', async () => {
    const orders = new MemoryOrders();
    for (const state of ['results_reported', 'cancelled'] as const)
      orders.orders.set(`ord_${state}`, { id: `ord_${state}`, partnerId: 'ptr_1', state, version: 1 } as OrderRecord);
    const deps = depsWith(orders, 'sandbox');
    expect(await reportSimulatedResults(deps, 'ord_missing')).toBe('not_found');
    expect(await reportSimulatedResults(deps, 'ord_results_reported')).toBe('not_awaiting_results');
    expect(await reportSimulatedResults(deps, 'ord_cancelled')).toBe('not_awaiting_results');
    expect([...orders.orders.values()].map((o) => o.version)).toEqual([1, 1]);
  });

  it('reads the order by its key when the schedule names its partner, by its id alone when it does not', async () => {
    const orders = new MemoryOrders();
    orders.orders.set('ord_1', { id: 'ord_1', partnerId: 'ptr_1', state: 'cancelled', version: 1 } as OrderRecord);
    const get = vi.spyOn(orders, 'get');
    const findById = vi.spyOn(orders, 'findById');
    const deps = depsWith(orders, 'sandbox');
    expect(await reportSimulatedResults(deps, 'ord_1', 'ptr_1')).toBe('not_awaiting_results');
    expect([get.mock.calls, findById.mock.calls]).toEqual([[['ptr_1', 'ord_1']], []]);
    // A partner the order is not filed under finds nothing by that key: the order is found by its id.
    get.mockClear();
    expect(await reportSimulatedResults(deps, 'ord_1', 'ptr_2')).toBe('not_awaiting_results');
    expect([get.mock.calls, findById.mock.calls]).toEqual([[['ptr_2', 'ord_1']], [['ord_1']]]);
    // A schedule made before schedules named the partner: by its id alone.
    get.mockClear();
    findById.mockClear();
    expect(await reportSimulatedResults(deps, 'ord_1')).toBe('not_awaiting_results');
    expect([get.mock.calls, findById.mock.calls]).toEqual([[], [['ord_1']]]);
    expect(await reportSimulatedResults(deps, 'ord_2', 'ptr_1')).toBe('not_found');
  });
});

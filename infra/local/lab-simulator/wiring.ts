import type { Lab } from '../../../shared/ports/lab.js';
import type { OrderStore } from '../../../shared/ports/order-store.js';
import type { OrderRecord } from '../../../shared/domain/order.js';
import type { SandboxOutcome } from '../../../shared/app/sandbox.js';
import type { LabBehaviour, LabSimulator } from './index.js';
import type { CatalogItem } from '../../../shared/domain/catalog.js';
import { orderedTests } from '../../../shared/domain/lab-orders/orm.js';

const BEHAVIOUR: Record<string, LabBehaviour> = { unconfirmed: 'drop', rejected: 'reject', slow: 'slow' };

/**
 * How the local runtime drives its lab: the production MLLP adapter places every order; a sandbox
 * placement scenario first tells the stand-in how to answer; results come from the stand-in over
 * the lab's inbound interface. With an external lab (simulator null), sandbox results cannot be
 * made here: that lab sends them.
 */
export function standInWiring(
  simulator: LabSimulator | null,
  orders: () => OrderStore,
  byId: () => Promise<Map<string, CatalogItem>>,
) {
  return {
    wrap: (lab: Lab): Lab =>
      simulator
        ? {
            place: (order) => {
              const behaviour = BEHAVIOUR[order.simulation?.placement ?? ''];
              if (behaviour) simulator.expect(order.id, behaviour);
              return lab.place(order);
            },
          }
        : lab,
    deliverResults: async (order: OrderRecord): Promise<SandboxOutcome> => {
      if (!simulator)
        return { ok: false, message: 'Results come from the external lab (LAB_MLLP_URL) when it sends them.' };
      const codes = orderedTests(order, await byId()).map((t) => t.labOrderCode);
      const sent = await simulator.deliver(order.id, order.simulation?.results ?? 'normal', codes);
      if (sent.status !== 200) return { ok: false, message: `The lab's results were refused (HTTP ${sent.status}).` };
      return { ok: true, order: (await orders().get(order.partnerId, order.id)) as OrderRecord };
    },
  };
}

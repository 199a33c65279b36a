import type { Lab, PlacementOutcome } from '../ports/lab.js';
import type { CatalogItem } from '../domain/catalog.js';
import { buildOrm, requisitionNumberFor, type LabInterfaceConfig } from '../domain/lab-orders/orm.js';
import { interpretAck, readAck } from '../domain/lab-orders/ack.js';
import { exchange } from './mllp/client.js';
import type { MllpTarget } from './mllp/framing.js';

export interface MllpLabDeps {
  target: MllpTarget;
  ackTimeoutMs: number;
  config: LabInterfaceConfig;
  catalog: () => Promise<Map<string, CatalogItem>>;
  now: () => Date;
  newControlId: () => string;
}

/** The production lab: an ORM^O01 per order over MLLP, one connection per message. */
export function mllpLab(deps: MllpLabDeps): Lab {
  return {
    async place(order): Promise<PlacementOutcome> {
      const controlId = deps.newControlId();
      const requisitionNumber = requisitionNumberFor(order.id);
      const message = buildOrm({
        order,
        byId: await deps.catalog(),
        config: deps.config,
        controlId,
        requisitionNumber,
        now: deps.now(),
      });
      const answer = await exchange(deps.target, message, deps.ackTimeoutMs);
      if (answer.kind === 'not_sent') return { kind: 'unreachable', reason: answer.reason };
      if (answer.kind === 'lost') return { kind: 'unknown', reason: answer.reason };
      const verdict = interpretAck(readAck(answer.message), controlId);
      if (verdict.kind === 'accepted') return { kind: 'placed', requisitionNumber, accession: verdict.accession };
      if (verdict.kind === 'rejected') return verdict;
      return { kind: 'unknown', reason: verdict.reason };
    },
  };
}

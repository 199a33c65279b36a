import { createServer, type Socket } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Hl7Message } from '@medplum/core';
import type { Catalog, LabTest } from '../../../shared/domain/catalog.js';
import { frame, MllpDeframer } from '../../../shared/adapters/mllp/framing.js';
import { hl7Ts } from '../../../shared/domain/lab-orders/orm.js';
import { buildOruMessage, seededRandom } from '../../../shared/domain/results/simulate.js';

// The local lab: a separate MLLP service, as a reference lab's order interface looks from a
// clinic. It takes ORM^O01 orders, answers ORR^O02 with an accession number, and, when asked
// (the runtime's service clock, or a sandbox advance), reports results as an ORU^R01 through the
// service's inbound lab interface over HTTP, with the lab's own token.

/** How the lab answers the next order for an order id (sandbox scenarios). */
export type LabBehaviour = 'accept' | 'reject' | 'drop' | 'slow';

interface Received {
  placer: string;
  accession: string;
  codes: string[];
  /** OBR-18 as the order message sent it: a lab returns it with the results. */
  placerField1?: string;
}

export interface LabSimulator {
  url: string;
  /** Makes the lab answer this order's next message this way (a sandbox scenario). */
  expect(orderId: string, behaviour: LabBehaviour): void;
  /** Reports results for an order the lab received, through the inbound interface. */
  deliver(
    orderId: string,
    scenario: 'normal' | 'critical' | 'withheld',
    /** For a rehearsal that skipped the order message (placed_awaiting_requisition): the lab codes. */
    codesIfUnknown?: string[],
  ): Promise<{ status: number; body: string }>;
  received(orderId: string): Received | null;
  close(): Promise<void>;
}

export interface LabSimulatorOptions {
  catalog: Catalog;
  /** The service's inbound interface (POST /lab/v1/oru) and the lab's token for it. */
  inbound: () => { url: string; token: string };
  now: () => Date;
  stateFile?: string;
  slowMs?: number;
}

export async function startLabSimulator(opts: LabSimulatorOptions): Promise<LabSimulator> {
  const byCode = new Map<string, LabTest>(opts.catalog.tests.map((t) => [t.labOrderCode, t]));
  const orders = new Map<string, Received>();
  if (opts.stateFile) {
    try {
      for (const r of JSON.parse(readFileSync(opts.stateFile, 'utf8')) as Received[]) orders.set(r.placer, r);
    } catch {
      // no state yet
    }
  }
  const save = () => opts.stateFile && writeFileSync(opts.stateFile, JSON.stringify([...orders.values()]));
  const behaviours = new Map<string, LabBehaviour>();
  let sequence = orders.size;

  const answer = (socket: Socket, text: string) => {
    let msg: Hl7Message;
    try {
      msg = Hl7Message.parse(text);
    } catch {
      socket.destroy();
      return;
    }
    const controlId = msg.getSegment('MSH')?.getComponent(10, 1) ?? '';
    const placer = msg.getSegment('ORC')?.getComponent(2, 1) ?? '';
    const behaviour = behaviours.get(placer) ?? 'accept';
    behaviours.delete(placer);
    if (behaviour === 'drop') return void socket.destroy();
    const header = (type: string) =>
      `MSH|^~\\&|SIMLAB|SIMLAB-CORE|${msg.getSegment('MSH')?.getComponent(3, 1) ?? ''}|${msg.getSegment('MSH')?.getComponent(4, 1) ?? ''}|${hl7Ts(opts.now())}||${type}|ACK${Date.now()}|T|2.5.1`;
    const isOrder = msg.getSegment('MSH')?.getComponent(9, 1) === 'ORM';
    const codes = msg.getAllSegments('OBR').map((s) => s.getComponent(4, 1));
    const placerField1 = msg.getSegment('OBR')?.getComponent(18, 1) || undefined;
    const unknown = codes.filter((c) => !byCode.has(c));
    let reply: string;
    if (behaviour === 'reject' || !isOrder || !placer || unknown.length) {
      // 207: application internal error; 103: table value not found (an order code the lab lacks).
      const code = unknown.length ? '103' : '207';
      reply = [header('ACK^O01^ACK'), `MSA|AR|${controlId}`, `ERR||OBR^1^4|${code}^Rejected^HL70357|E`].join('\r');
    } else {
      const known = orders.get(placer);
      const accession = known?.accession ?? `SIM${String(++sequence).padStart(7, '0')}`;
      orders.set(placer, { placer, accession, codes, ...(placerField1 ? { placerField1 } : {}) });
      save();
      reply = [header('ORR^O02^ORR_O02'), `MSA|AA|${controlId}`, `ORC|OK|${placer}|${accession}`].join('\r');
    }
    const send = () => socket.end(frame(`${reply}\r`));
    if (behaviour === 'slow') setTimeout(send, opts.slowMs ?? 2_000).unref();
    else send();
  };

  const server = createServer((socket) => {
    const deframer = new MllpDeframer();
    socket.on('data', (chunk: Buffer) => deframer.push(chunk).forEach((m) => answer(socket, m)));
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;

  return {
    url: `mllp://127.0.0.1:${port}`,
    expect: (orderId, behaviour) => void behaviours.set(orderId, behaviour),
    received: (orderId) => orders.get(orderId) ?? null,
    async deliver(orderId, scenario, codesIfUnknown) {
      const order =
        orders.get(orderId) ??
        (codesIfUnknown?.length
          ? { placer: orderId, accession: `SIM${String(++sequence).padStart(7, '0')}`, codes: codesIfUnknown }
          : undefined);
      if (!order) return { status: 404, body: 'the lab never received this order' };
      const seen = new Set<string>();
      const biomarkers = order.codes
        .flatMap((c) => byCode.get(c)?.biomarkers ?? [])
        .filter((b) => !seen.has(b.name) && seen.add(b.name));
      const message = buildOruMessage({
        placerOrderNumber: orderId,
        ...(order.placerField1 ? { placerField1: order.placerField1 } : {}),
        requisitionNumber: order.accession,
        observedAt: opts.now(),
        biomarkers,
        scenario,
        random: seededRandom(orderId),
      });
      const { url, token } = opts.inbound();
      const res = await fetch(`${url}/lab/v1/oru`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/hl7-v2' },
        body: message,
      });
      return { status: res.status, body: await res.text() };
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

import { createHash } from 'node:crypto';
import { memberTests, type CatalogItem, type LabTest } from '../catalog.js';
import type { OrderRecord } from '../order.js';

// The order message the lab receives: HL7 v2.5.1 ORM^O01, as US reference labs take orders from
// a clinic's interface engine. Pure: the caller supplies the control id, the time and the
// catalogue. The message carries the patient, so it is never logged; errors name fields only.

export interface LabInterfaceConfig {
  sendingApplication: string;
  sendingFacility: string;
  receivingApplication: string;
  receivingFacility: string;
  /** MSH-11: P for production, T for a training (sandbox) interface. */
  processingId: 'P' | 'T';
  orderingPhysician: { name: string; npi: string };
}

export interface OrmInput {
  order: OrderRecord;
  byId: Map<string, CatalogItem>;
  config: LabInterfaceConfig;
  controlId: string;
  requisitionNumber: string;
  now: Date;
}

/** The requisition number for an order: ten digits derived from the order id, stable across retries. */
export function requisitionNumberFor(orderId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(orderId).digest('hex').slice(0, 12)}`)
    .toString()
    .padStart(12, '0')
    .slice(-10);
  return `RQ${digits}`;
}

/** HL7 escaping of the delimiters (^~\&|), and no segment breaks inside a value. */
export function hl7Escape(text: string): string {
  return text
    .replace(/\\/g, '\\E\\')
    .replace(/\|/g, '\\F\\')
    .replace(/\^/g, '\\S\\')
    .replace(/~/g, '\\R\\')
    .replace(/&/g, '\\T\\')
    .replace(/[\r\n]+/g, ' ');
}

export const hl7Ts = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + '+0000';

/** The tests the lab is asked for: panels expanded to their members, each test once, in order. */
export function orderedTests(order: OrderRecord, byId: Map<string, CatalogItem>): LabTest[] {
  const tests = new Map<string, LabTest>();
  for (const line of order.items) {
    const item = byId.get(line.id);
    if (item) for (const t of memberTests(item, byId)) tests.set(t.id, t);
  }
  return [...tests.values()];
}

const GUARDIAN_CODES = { parent: 'PAR^Parent', legal_guardian: 'GRD^Guardian', other: 'OTH^Other' } as const;

/** Physician name "Avery Chen, MD" as XCN: NPI^family^given, NPI as the identifier type. */
function physicianXcn(p: LabInterfaceConfig['orderingPhysician']): string {
  const [given = '', ...rest] = p.name.replace(/,.*$/, '').trim().split(/\s+/);
  const suffix = /,\s*(.+)$/.exec(p.name)?.[1] ?? '';
  const e = hl7Escape;
  return `${e(p.npi)}^${e(rest.join(' '))}^${e(given)}^^^^${e(suffix)}^^NPI^L^^^NPI`;
}

export function buildOrm(input: OrmInput): string {
  const { order, config: c } = input;
  const e = hl7Escape;
  const at = hl7Ts(input.now);
  const p = order.patient;
  const tests = orderedTests(order, input.byId);
  if (tests.length === 0) throw new Error('the order has no test the lab can be asked for');
  const doctor = physicianXcn(c.orderingPhysician);
  const segments = [
    `MSH|^~\\&|${e(c.sendingApplication)}|${e(c.sendingFacility)}|${e(c.receivingApplication)}|${e(c.receivingFacility)}|${at}||ORM^O01^ORM_O01|${e(input.controlId)}|${c.processingId}|2.5.1`,
    [
      'PID',
      '1',
      '',
      `${e(order.id)}^^^${e(c.sendingFacility)}^PI`,
      '',
      `${e(p.lastName)}^${e(p.firstName)}`,
      '',
      p.dateOfBirth.replace(/-/g, ''),
      p.sex === 'female' ? 'F' : 'M',
      '',
      '',
      `${e(p.address.line1)}^${e(p.address.line2 ?? '')}^${e(p.address.city)}^${e(p.address.state)}^${e(p.address.zip)}^USA`,
      '',
      [p.phone ? `${e(p.phone)}^PRN^PH` : '', p.email ? `^NET^Internet^${e(p.email)}` : ''].filter(Boolean).join('~'),
    ].join('|'),
  ];
  if (order.guardian) {
    const g = order.guardian;
    segments.push(
      `NK1|1|${e(g.lastName)}^${e(g.firstName)}|${GUARDIAN_CODES[g.relationship]}^HL70063||^NET^Internet^${e(g.email)}|||GT`,
    );
  }
  segments.push('PV1|1|O');
  tests.forEach((t, i) => {
    segments.push(`ORC|NW|${e(order.id)}||${e(input.requisitionNumber)}|||||${at}|||${doctor}`);
    // OBR-13 (relevant clinical information) notes fasting, where the lab's collector reads it.
    // OBR-18 (placer field 1), which a lab returns with the results, carries the order's partner id:
    // with it, the results find the order by its key in one read (shared/app/ingest-results.ts).
    const fasting = t.fastingRequired ? 'Patient fasting required' : '';
    segments.push(
      `OBR|${i + 1}|${e(order.id)}||${e(t.labOrderCode)}^${e(t.name)}^L|||||||||${fasting}|||${doctor}||${e(order.partnerId)}`,
    );
  });
  return `${segments.join('\r')}\r`;
}

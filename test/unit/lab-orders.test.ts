import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Hl7Message } from '@medplum/core';
import { interpretAck, readAck } from '../../shared/domain/lab-orders/ack.js';
import { buildOrm, hl7Escape, requisitionNumberFor } from '../../shared/domain/lab-orders/orm.js';
import { parseOru } from '../../shared/domain/results/hl7.js';
import { MllpDeframer, frame, parseMllpUrl } from '../../shared/adapters/mllp/framing.js';
import { indexCatalog } from '../../shared/domain/catalog.js';
import { fixtureCatalog } from '../support/catalog-fixture.js';
import type { OrderRecord } from '../../shared/domain/order.js';

describe('the lab’s acknowledgment', () => {
  const ack = (msa: string, extra = '') =>
    `MSH|^~\\&|L|L|S|S|20260101||ORR^O02^ORR_O02|X1|P|2.5.1\rMSA|${msa}\r${extra}`;
  it('AA naming our control id: placed, ORC-3 kept as the accession', () => {
    expect(interpretAck(readAck(ack('AA|C1', 'ORC|OK|o1|ACC-77\r')), 'C1')).toEqual({
      kind: 'accepted',
      accession: 'ACC-77',
    });
  });
  it('AE/AR carry the ERR-3 codes only, never the lab’s text', () => {
    const v = interpretAck(readAck(ack('AR|C1|Jane Doe unknown', 'ERR||PID^1^5|101^Missing^HL70357|E\r')), 'C1');
    expect(v).toEqual({ kind: 'rejected', ackCode: 'AR', errorCodes: ['101'] });
  });
  it('an answer to another message, or no MSA, is not an answer', () => {
    expect(interpretAck(readAck(ack('AA|OTHER')), 'C1').kind).toBe('unrecognised');
    expect(interpretAck(readAck('garbage'), 'C1').kind).toBe('unrecognised');
  });
  it('reads the separators the message declares', () => {
    expect(readAck('MSH#$~\\&#L#L#S#S#2026##ACK$O01#X#P#2.5.1\rMSA#AA#C9').ackCode).toBe('AA');
  });
});

describe('MLLP framing', () => {
  it('reassembles frames split across chunks and drops bytes outside frames', () => {
    const bytes = Buffer.concat([Buffer.from('noise'), frame('A|1'), frame('B|2')]);
    const d = new MllpDeframer();
    expect([...d.push(bytes.subarray(0, 9)), ...d.push(bytes.subarray(9))]).toEqual(['A|1', 'B|2']);
  });
  it('mllp:// and mllps:// URLs', () => {
    expect(parseMllpUrl('mllps://lab.example:6661')).toEqual({ host: 'lab.example', port: 6661, tls: true });
    expect(() => parseMllpUrl('http://x:1')).toThrow(/mllp/);
  });
});

describe('the order message', () => {
  it('escapes delimiters in patient data, and Medplum reads it back', () => {
    const catalog = fixtureCatalog;
    const test = catalog.tests[0]!;
    const order = {
      id: 'order_1',
      partnerId: 'ptr_01kbenchpartner00000000000',
      items: [{ id: test.id, type: 'test', name: test.name, priceCents: 1, fastingRequired: false }],
      patient: {
        firstName: 'Ann^Marie',
        lastName: 'O|Neil',
        dateOfBirth: '1990-02-03',
        sex: 'female',
        email: null,
        phone: null,
        address: { line1: '1 A & B St', city: 'Austin', state: 'TX', zip: '78701' },
      },
      guardian: null,
    } as unknown as OrderRecord;
    const text = buildOrm({
      order,
      byId: indexCatalog(catalog),
      config: {
        sendingApplication: 'S',
        sendingFacility: 'SF',
        receivingApplication: 'R',
        receivingFacility: 'RF',
        processingId: 'T',
        orderingPhysician: { name: 'Avery Chen, MD', npi: '1234567893' },
      },
      controlId: 'C1',
      requisitionNumber: requisitionNumberFor('order_1'),
      now: new Date('2026-11-25T00:00:00Z'),
    });
    const m = Hl7Message.parse(text);
    expect(m.getSegment('PID')!.getComponent(5, 1)).toBe(hl7Escape('O|Neil'));
    expect(m.getAllSegments('OBR')).toHaveLength(1);
    expect(m.getSegment('OBR')!.getComponent(4, 1)).toBe(test.labOrderCode);
    // Placer field 1, which a lab returns with the results: the order's partner, so the results find
    // the order by its key.
    expect(m.getSegment('OBR')!.getComponent(18, 1)).toBe('ptr_01kbenchpartner00000000000');
    expect(m.getSegment('ORC')!.getComponent(12, 2)).toBe('Chen');
  });
});

describe('ORU parsing: ours against Medplum’s Hl7Message on the fixtures', () => {
  const fixture = (n: string) => readFileSync(new URL(`../fixtures/hl7/${n}`, import.meta.url), 'latin1');
  it('Medplum tokenizes but leaves escapes and value types to the caller; ours decodes them', () => {
    const text = fixture('09-orchestrate-cbc-escapes-si-units-v23.hl7');
    expect(Hl7Message.parse(text).getAllSegments('OBX')[0]!.getComponent(6, 1)).toBe('10\\S\\9/L');
    const ours = parseOru(text);
    expect(ours.ok && ours.result.analytes[0]!.unit).toBe('10^9/L');
    // An SN value "^182" (fixture 01) is a number to us, a string with a separator to Medplum.
    const sn = fixture('01-hl7-std-ghh-glucose-sn-v24.hl7');
    expect(Hl7Message.parse(sn).getAllSegments('OBX')[0]!.getField(5).toString()).toBe('^182');
    const parsed = parseOru(sn);
    expect(parsed.ok && parsed.result.analytes[0]!.value).toBe(182);
  });
});

// What the lab's answer to an order message means. The caller decodes the message (MSA, ORC-3,
// ERR-3); only codes travel on from here, never the lab's text, which can echo patient data.

export interface AckFields {
  messageType: string;
  ackCode: string;
  acknowledgedControlId: string;
  fillerOrderNumber: string;
  errorCodes: string[];
}

export type AckVerdict =
  | { kind: 'accepted'; accession: string | null }
  | { kind: 'rejected'; ackCode: 'AE' | 'AR'; errorCodes: string[] }
  /** Not an answer to this message: the order may exist at the lab. */
  | { kind: 'unrecognised'; reason: string };

const CODE = /^[A-Za-z0-9_.-]{1,20}$/;

/**
 * The fields an acknowledgment is judged on, read with the separators its MSH declares. Small on
 * purpose: an ACK is a handful of segments, and Medplum's Hl7Message (which the local lab
 * stand-in and the tests use to read our messages) would add ~460 KB to every placing Lambda.
 */
export function readAck(text: string): AckFields {
  const lines = text.split(/\r\n|\r|\n/).filter(Boolean);
  const msh = lines[0] ?? '';
  if (!msh.startsWith('MSH') || msh.length < 8)
    return { messageType: '', ackCode: '', acknowledgedControlId: '', fillerOrderNumber: '', errorCodes: [] };
  const fs = msh[3] as string;
  const cs = msh[4] as string;
  const segs = lines.map((l) => l.split(fs));
  // MSH-1 is the separator itself: field n of MSH sits at index n-1.
  const field = (name: string, n: number) => {
    const s = segs.find((f) => f[0] === name);
    return s ? ((name === 'MSH' ? s[n - 1] : s[n]) ?? '') : '';
  };
  const first = (v: string) => v.split(cs)[0] ?? '';
  return {
    messageType: field('MSH', 9).split(cs).slice(0, 2).join('^'),
    ackCode: first(field('MSA', 1)),
    acknowledgedControlId: first(field('MSA', 2)),
    fillerOrderNumber: first(field('ORC', 3)),
    errorCodes: segs.filter((f) => f[0] === 'ERR').map((f) => first(f[3] ?? '')),
  };
}

export function interpretAck(ack: AckFields, controlId: string): AckVerdict {
  const type = ack.messageType.split('^').slice(0, 2).join('^');
  if (type !== 'ACK^O01' && type !== 'ORR^O02' && type !== 'ACK')
    return { kind: 'unrecognised', reason: 'not an ACK^O01 or ORR^O02' };
  if (ack.acknowledgedControlId !== controlId)
    return { kind: 'unrecognised', reason: 'MSA-2 does not name this message' };
  const code = ack.ackCode.toUpperCase();
  // Original and enhanced acknowledgment modes: CA/CE/CR are the commit-level equivalents.
  if (code === 'AA' || code === 'CA')
    return { kind: 'accepted', accession: CODE.test(ack.fillerOrderNumber) ? ack.fillerOrderNumber : null };
  if (code === 'AE' || code === 'AR' || code === 'CE' || code === 'CR')
    return {
      kind: 'rejected',
      ackCode: code.endsWith('E') ? 'AE' : 'AR',
      errorCodes: ack.errorCodes.filter((c) => CODE.test(c)).slice(0, 5),
    };
  return { kind: 'unrecognised', reason: 'MSA-1 is not an acknowledgment code' };
}

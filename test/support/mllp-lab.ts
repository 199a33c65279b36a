import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Hl7Message } from '@medplum/core';
import { frame, MllpDeframer } from '../../shared/adapters/mllp/framing.js';

/** How the test lab answers the next message: a function of the message, or silence, or a hang-up. */
export type TestLabAnswer = ((msg: Hl7Message) => string) | 'silence' | 'drop';

export const ack =
  (code: string, extra: string[] = [], type = 'ORR^O02^ORR_O02') =>
  (msg: Hl7Message) =>
    [
      `MSH|^~\\&|REFLAB|REFLAB|X|X|20261125000000||${type}|R${Date.now()}|P|2.5.1`,
      `MSA|${code}|${msg.getSegment('MSH')?.getComponent(10, 1)}|Patient ${msg.getSegment('PID')?.getComponent(5, 1)} not on file`,
      ...extra,
    ].join('\r');

/** A lab's order interface for tests: records every message and answers from a queue. */
export async function startTestLab(port = 0) {
  const received: Hl7Message[] = [];
  const answers: TestLabAnswer[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    const deframer = new MllpDeframer();
    socket.on('data', (chunk: Buffer) => {
      for (const text of deframer.push(chunk)) {
        const msg = Hl7Message.parse(text);
        received.push(msg);
        const answer = answers.shift() ?? ack('AA', [`ORC|OK|${msg.getSegment('ORC')?.getComponent(2, 1)}|ACC1`]);
        if (answer === 'drop') socket.destroy();
        else if (answer !== 'silence') socket.write(frame(answer(msg)));
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', ok));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `mllp://127.0.0.1:${bound}`,
    port: bound,
    received,
    next: (...a: TestLabAnswer[]) => answers.push(...a),
    close: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        server.close(() => ok());
      }),
  };
}

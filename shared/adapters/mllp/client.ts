import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { frame, MllpDeframer, type MllpTarget } from './framing.js';

export type MllpExchange =
  | { kind: 'reply'; message: string }
  /** Nothing reached the lab (refused, unreachable, TLS failed): sending again is safe. */
  | { kind: 'not_sent'; reason: string }
  /** The message went out but no answer came back (timeout, connection dropped): the lab may have it. */
  | { kind: 'lost'; reason: string };

/**
 * Sends one message on a connection of its own and waits for the first framed answer on it. The
 * one distinction that matters downstream is whether any byte was handed to the socket: before
 * that, a failure is retryable; after it, the outcome is unknown. Medplum's Hl7Client hides that
 * line (and has no TLS), so the socket is ours and only the framing is shared.
 */
export function exchange(target: MllpTarget, message: string, timeoutMs: number): Promise<MllpExchange> {
  return new Promise((resolve) => {
    let written = false;
    let done = false;
    const socket: Socket = target.tls
      ? tlsConnect({ host: target.host, port: target.port, servername: target.host })
      : netConnect({ host: target.host, port: target.port });
    const finish = (outcome: MllpExchange) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const failed = (reason: string) => finish(written ? { kind: 'lost', reason } : { kind: 'not_sent', reason });
    const timer = setTimeout(() => failed(written ? 'no acknowledgment in time' : 'connect timed out'), timeoutMs);
    const deframer = new MllpDeframer();
    socket.once(target.tls ? 'secureConnect' : 'connect', () => {
      written = true;
      socket.write(frame(message));
    });
    socket.on('data', (chunk: Buffer) => {
      const [reply] = deframer.push(chunk);
      if (reply !== undefined) finish({ kind: 'reply', message: reply });
    });
    socket.on('error', (err: NodeJS.ErrnoException) => failed(err.code ?? err.name));
    socket.on('close', () => failed('connection closed'));
  });
}

import type { IncomingMessage } from 'node:http';

export type Json = Record<string, unknown>;

/**
 * A stand-in's JSON request body ({} when empty). A body that is not JSON throws `invalid()` when
 * given (the error the stand-in answers with), else the parser's own error.
 */
export async function readJson(req: IncomingMessage, invalid?: () => Error): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text ? (JSON.parse(text) as Json) : {};
  } catch (err) {
    throw invalid ? invalid() : err;
  }
}

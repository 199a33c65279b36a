import { readFileSync, writeFileSync, renameSync } from 'node:fs';

export interface SimIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  last_payment_error: { code: string; decline_code: string; message: string } | null;
  /** Simulator-only: what a later retrieve turns a processing intent into. */
  _then?: 'succeeded' | 'failed';
}

export interface SimRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface StoredResponse {
  requestHash: string;
  status: number;
  body: unknown;
}

export interface SimState {
  intents: SimIntent[];
  refunds: SimRefund[];
  idempotency: Record<string, StoredResponse>;
  seq: number;
}

export function emptyState(): SimState {
  return { intents: [], refunds: [], idempotency: {}, seq: 0 };
}

/** Loads the persisted state, or starts empty; the file is rewritten atomically on each change. */
export function loadState(file: string | undefined): SimState {
  if (!file) return emptyState();
  try {
    return { ...emptyState(), ...(JSON.parse(readFileSync(file, 'utf8')) as SimState) };
  } catch {
    return emptyState();
  }
}

export function saveState(file: string | undefined, state: SimState): void {
  if (!file) return;
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
}

import type { Analyte } from '../domain/results/types.js';

export type ResultsSource = 'lab_electronic' | 'operator_upload';

export interface StoredResults {
  orderId: string;
  partnerId: string;
  source: ResultsSource;
  reportedAt: string;
  analytes: Analyte[];
  /** Stored PDFs: the key is the document store key, never shown to partners. */
  pdfs: Array<{ id: string; label: string; key: string }>;
}

export interface ResultsStore {
  put(results: StoredResults): Promise<void>;
  get(partnerId: string, orderId: string): Promise<StoredResults | null>;
}

import type { Analyte } from '../domain/results/types.js';

export type ResultsSource = 'lab_electronic' | 'operator_upload';

export interface StoredResults {
  /** One delivery of results: concurrent deliveries for an order never share a record or a file. */
  id: string;
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
  /** The order's results: `resultsId` from the order (absent for results stored before ids). */
  get(partnerId: string, orderId: string, resultsId: string | undefined): Promise<StoredResults | null>;
}

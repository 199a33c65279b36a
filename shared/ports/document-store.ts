export interface SignedUrl {
  url: string;
  expiresAt: string;
}

/** Requisition and result PDFs: stored privately, handed out only as short-lived signed URLs. */
export interface DocumentStore {
  /** Starts, without waiting, loading what a first call needs (see Payments.prepare). */
  prepare?(): void;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  signedUrl(key: string, now: Date, expiresInSeconds: number, downloadName?: string): Promise<SignedUrl>;
}

export interface SignedUrl {
  url: string;
  expiresAt: string;
}

/** Requisition and result PDFs: stored privately, handed out only as short-lived signed URLs. */
export interface DocumentStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  signedUrl(key: string, now: Date, expiresInSeconds: number, downloadName?: string): Promise<SignedUrl>;
}

/**
 * What a sealed secret is bound to (for example its partner): opening it under any other context
 * fails, so a sealed value copied onto another record is useless there. Names and values are not
 * secret: they may appear in audit logs (CloudTrail records KMS encryption contexts).
 */
export type SealingContext = Readonly<Record<string, string>>;

/**
 * Envelope encryption of small secrets (webhook signing secrets): each value is encrypted with a
 * fresh data key, and only the data key, wrapped by a master key, travels with it. Whoever can read
 * the stored value but may not use the master key learns nothing.
 */
export interface SecretSealer {
  /** A self-describing, storable string (`sealed.v1.`...); never contains the plaintext. */
  seal(plaintext: string, context: SealingContext): Promise<string>;
  /** The plaintext; throws when the value was tampered with or sealed under another context or key. */
  open(sealed: string, context: SealingContext): Promise<string>;
}

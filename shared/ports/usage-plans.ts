/** Per-partner throttling: a usage-plan key that the authorizer hands to API Gateway. */
export interface UsagePlans {
  /** Provisions the partner's key in the usage plan and returns its value (null where there are no usage plans). */
  provision(partnerId: string, partnerName: string): Promise<string | null>;
}

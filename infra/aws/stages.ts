// Per-stage settings in one typed place: the app builds both stages from these, never by hand.
export type StageName = 'sandbox' | 'production';

export interface StageConfig {
  stage: StageName;
  /** Production keeps data when the stack goes away; the sandbox can be torn down. */
  retainData: boolean;
  deletionProtection: boolean;
  logRetentionDays: 30 | 90 | 365;
  /** WAF rate-based rule: requests per 5 minutes per IP, a coarse shield above the exact token bucket. */
  wafRequestsPer5Minutes: number;
  /** Every API stage: steady requests per second and burst, above which API Gateway answers 429. */
  apiThrottle: { rateLimit: number; burstLimit: number };
  /**
   * Reserved concurrency per function name (route `fn`, `PartnerAuthorizer`, `Placement`, ...).
   * Off by default: each reservation also leaves 100 unreserved, so a fresh account (quota 10 or
   * 1,000 before an increase) rolls the deploy back. `npm run preflight` checks the quota first.
   */
  reservedConcurrency?: Record<string, number>;
  /** Optional custom domains, one per API (each API is mapped at the root of its domain). */
  domains?: Partial<Record<'public' | 'partner' | 'operator', { name: string; certificateArn: string }>>;
}

export const STAGES: Record<StageName, StageConfig> = {
  sandbox: {
    stage: 'sandbox',
    retainData: false,
    deletionProtection: false,
    logRetentionDays: 30,
    wafRequestsPer5Minutes: 2000,
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
  },
  production: {
    stage: 'production',
    retainData: true,
    deletionProtection: true,
    logRetentionDays: 365,
    wafRequestsPer5Minutes: 2000,
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
  },
};

/** What the stage's reservations need from the account: the reserved sum plus the 100 AWS keeps unreserved. */
export function concurrencyNeeded(stage: StageConfig): number {
  const reserved = Object.values(stage.reservedConcurrency ?? {}).reduce((a, b) => a + b, 0);
  return reserved === 0 ? 0 : reserved + 100;
}

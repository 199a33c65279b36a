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
  mcpReservedConcurrency: number;
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
    mcpReservedConcurrency: 10,
  },
  production: {
    stage: 'production',
    retainData: true,
    deletionProtection: true,
    logRetentionDays: 365,
    wafRequestsPer5Minutes: 2000,
    mcpReservedConcurrency: 50,
  },
};

// Per-stage settings in one typed place: the app builds both stages from these, never by hand.
export type StageName = 'sandbox' | 'production';

/** The lab's HL7 v2 order interface (MLLP), as agreed with the lab. */
export interface LabEndpoint {
  host: string;
  port: number;
  tls: boolean;
  sendingFacility: string;
  receivingFacility: string;
}

export interface StageConfig {
  stage: StageName;
  /** Production keeps data when the stack goes away; the sandbox can be torn down. */
  retainData: boolean;
  deletionProtection: boolean;
  logRetentionDays: 30 | 90 | 365;
  /** WAF rate-based rule: requests per 5 minutes per IP, a coarse shield above the exact token bucket. */
  wafRequestsPer5Minutes: number;
  /**
   * Where orders go. The sandbox keeps the simulated lab; production must name a real endpoint
   * (CDK context `labEndpoint`, see labEndpointFromContext) and refuses to synthesize without one.
   */
  lab: LabEndpoint | 'simulated' | null;
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

/**
 * The secrets an operator creates in Secrets Manager before a stage's first deploy (the stack
 * imports them by name, the preflight checks them): the Stripe API key, and the signing secret of
 * Stripe's events to POST /stripe/webhook.
 */
export function operatorSecrets(stage: StageName): Record<'stripe' | 'stripeWebhook', string> {
  return { stripe: `lab-tests/${stage}/stripe-secret-key`, stripeWebhook: `lab-tests/${stage}/stripe-webhook-secret` };
}

export const STAGES: Record<StageName, StageConfig> = {
  sandbox: {
    stage: 'sandbox',
    retainData: false,
    deletionProtection: false,
    logRetentionDays: 30,
    wafRequestsPer5Minutes: 2000,
    lab: 'simulated',
    apiThrottle: { rateLimit: 100, burstLimit: 200 },
  },
  production: {
    stage: 'production',
    retainData: true,
    deletionProtection: true,
    logRetentionDays: 365,
    wafRequestsPer5Minutes: 2000,
    lab: null,
    apiThrottle: { rateLimit: 500, burstLimit: 1000 },
  },
};

/** `-c labEndpoint='{"host":...,"port":...,"tls":true,"sendingFacility":...,"receivingFacility":...}'`. */
export function labEndpointFromContext(value: unknown): LabEndpoint | null {
  const v = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<LabEndpoint> | undefined;
  if (!v || typeof v !== 'object') return null;
  const ok =
    typeof v.host === 'string' &&
    /^[A-Za-z0-9.-]+$/.test(v.host) &&
    Number.isInteger(v.port) &&
    (v.port as number) > 0 &&
    (v.port as number) < 65536 &&
    typeof v.tls === 'boolean' &&
    !!v.sendingFacility &&
    !!v.receivingFacility;
  if (!ok) throw new Error('labEndpoint must be {host, port, tls, sendingFacility, receivingFacility}');
  return v as LabEndpoint;
}

/** The handlers' lab settings for a stage; production without an endpoint is refused here. */
export function labEnvironment(stage: StageConfig): Record<string, string> {
  const lab = stage.lab;
  if (lab === 'simulated' && stage.stage !== 'production') return {};
  if (!lab || lab === 'simulated')
    throw new Error(
      'The production stage needs its lab endpoint (CDK context labEndpoint): it never uses the simulated lab.',
    );
  return {
    LAB_MLLP_URL: `${lab.tls ? 'mllps' : 'mllp'}://${lab.host}:${lab.port}`,
    LAB_SENDING_FACILITY: lab.sendingFacility,
    LAB_RECEIVING_FACILITY: lab.receivingFacility,
  };
}

/** What the stage's reservations need from the account: the reserved sum plus the 100 AWS keeps unreserved. */
export function concurrencyNeeded(stage: StageConfig): number {
  const reserved = Object.values(stage.reservedConcurrency ?? {}).reduce((a, b) => a + b, 0);
  return reserved === 0 ? 0 : reserved + 100;
}

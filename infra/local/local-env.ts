import * as z from 'zod';

// The local runtime's own settings. Unknown or malformed values stop the start with a message
// that names the variable, rather than a service that half-works.
const wholeNumber = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
    .prefault(String(fallback));

export const localEnvSchema = z.object({
  PORT: wholeNumber('PORT', 3000, 0, 65535),
  HOST: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'HOST must be a host name or IP address')
    .default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  RATE_LIMIT_BURST: wholeNumber('RATE_LIMIT_BURST', 60, 1, 1_000_000_000),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000_000),
  ADMIN_TOKEN: z.string().min(16, 'ADMIN_TOKEN must be at least 16 characters').optional(),
  LAB_TOKEN: z.string().min(16, 'LAB_TOKEN must be at least 16 characters').optional(),
  /** An external lab's order interface; unset, the runtime starts its own lab stand-in. */
  LAB_MLLP_URL: z
    .string()
    .regex(/^mllps?:\/\/\S+:\d{1,5}\/?$/, 'LAB_MLLP_URL must look like mllp://host:port or mllps://host:port')
    .optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('WARN'),
  SERVICE_CLOCK: z.enum(['wall', 'manual']).default('wall'),
  /**
   * 1: every answer carries X-Local-DynamoDB-Calls and X-Local-DynamoDB-Commands (the tests' call
   * budgets). Off by default: counting per request needs AsyncLocalStorage, whose hooks on Node 20
   * tax every promise in the process (about a tenth of a cheap request's time).
   */
  COUNT_DYNAMODB_CALLS: z.enum(['0', '1'], 'COUNT_DYNAMODB_CALLS must be 0 or 1').default('0'),
});

export type LocalEnv = z.infer<typeof localEnvSchema> & { inMemory: boolean };

export function parseLocalEnv(env: Record<string, string | undefined>): LocalEnv {
  const parsed = localEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment for npm start:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, inMemory: parsed.data.DATA_DIR === ':memory:' };
}

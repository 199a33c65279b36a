import type { ZodType } from 'zod';
import { ROUTES } from '../../shared/routes.js';
import { OPERATIONS } from '../../shared/http/openapi/documents.js';
import * as R from '../../shared/http/openapi/responses.js';
import { ERROR_CATALOGUE } from '../../shared/http/errors.js';

// Contract checking for the end-to-end suites: every JSON response from a documented route is
// validated against the schema the OpenAPI document publishes for its status.
const compiled = ROUTES.map((r) => ({ route: r, pattern: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
const documentedStatuses = new Set<number>(Object.values(ERROR_CATALOGUE).map((e) => e.status));

export function contractViolation(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  body: unknown,
): string | null {
  const path = new URL(url).pathname;
  const hit = compiled.find((c) => c.route.method === method && c.pattern.test(path));
  if (!hit) return null;
  const op = OPERATIONS[`${hit.route.method} ${hit.route.path}`];
  if (!op) return null;
  if (status !== op.ok.status && status < 400) return `${method} ${path}: undocumented status ${status}`;
  if (status >= 400 && !documentedStatuses.has(status))
    return `${method} ${path}: status ${status} is not a documented error status`;
  const schema: ZodType =
    status === op.ok.status ? op.ok.schema : hit.route.api === 'partner' ? R.partnerError : R.publicError;
  if (!contentType?.startsWith('application/json'))
    return `${method} ${path}: content type ${contentType}, expected application/json`;
  const r = schema.safeParse(body);
  return r.success ? null : `${method} ${path} ${status}: ${JSON.stringify(r.error.issues.slice(0, 2))}`;
}

import type { ZodType } from 'zod';
import { ROUTES } from '../../shared/manifest/index.js';
import { errorSchemas, operationFor } from '../../shared/http/openapi/documents.js';
import * as R from '../../shared/http/openapi/responses.js';

// Contract checking for the end-to-end suites: every JSON response from a documented route is
// validated against the schema the OpenAPI document publishes for its status: the success body,
// or the error shape with the codes that operation documents for that status.
const compiled = ROUTES.map((r) => ({ route: r, pattern: new RegExp(`^${r.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }));

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
  const op = operationFor(hit.route);
  if (!op) return null;
  if (status !== op.ok.status && status < 400) return `${method} ${path}: undocumented status ${status}`;
  const documentedError = status >= 400 ? errorSchemas(hit.route, op).get(status)?.schema : undefined;
  // A 5xx the operation does not list (a crash) still has to carry the API's error shape.
  const anyError = hit.route.api === 'public' ? R.publicError : R.partnerError;
  if (status >= 400 && status < 500 && !documentedError)
    return `${method} ${path}: status ${status} is not documented for ${op.operationId}`;
  const schema: ZodType = status === op.ok.status ? op.ok.schema : (documentedError ?? anyError);
  if (!contentType?.startsWith('application/json'))
    return `${method} ${path}: content type ${contentType}, expected application/json`;
  const r = schema.safeParse(body);
  return r.success ? null : `${method} ${path} ${status}: ${JSON.stringify(r.error.issues.slice(0, 2))}`;
}

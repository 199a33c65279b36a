import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';

export type HttpEvent = APIGatewayProxyEvent;
export type HttpResult = APIGatewayProxyResult;

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

/** Case-insensitive header read: API Gateway passes headers as the client sent them. */
export function header(event: HttpEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === wanted && v !== undefined) return v;
  return undefined;
}

/**
 * The query string, one value per name. API Gateway's queryStringParameters keeps only the last
 * of a repeated parameter, which would silently half-read it: every value is read here instead,
 * comma-joined, so `items=a&items=b` reads as `items=a,b` and a repeated single-valued parameter
 * (`state=CA&state=NY`) fails its own validation rather than quietly becoming one of its values.
 */
export function query(event: HttpEvent): Record<string, string | undefined> {
  const multi = event.multiValueQueryStringParameters;
  if (!multi) return event.queryStringParameters ?? {};
  const out: Record<string, string | undefined> = {};
  for (const [name, values] of Object.entries(multi)) if (values && values.length > 0) out[name] = values.join(',');
  return out;
}

/** The query parameters given more than once. */
export function repeatedQueryParameters(event: HttpEvent): string[] {
  return Object.entries(event.multiValueQueryStringParameters ?? {})
    .filter(([, values]) => (values?.length ?? 0) > 1)
    .map(([name]) => name);
}

/** The origin the caller used, for building absolute links when no public base URL is configured. */
export function requestOrigin(event: HttpEvent, configured: string | undefined): string {
  if (configured) return configured.replace(/\/$/, '');
  const host = header(event, 'host') ?? 'localhost';
  const proto = header(event, 'x-forwarded-proto') ?? 'https';
  return `${proto}://${host}`;
}

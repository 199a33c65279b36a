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

export function query(event: HttpEvent): Record<string, string | undefined> {
  return event.queryStringParameters ?? {};
}

/** The origin the caller used, for building absolute links when no public base URL is configured. */
export function requestOrigin(event: HttpEvent, configured: string | undefined): string {
  if (configured) return configured.replace(/\/$/, '');
  const host = header(event, 'host') ?? 'localhost';
  const proto = header(event, 'x-forwarded-proto') ?? 'https';
  return `${proto}://${host}`;
}

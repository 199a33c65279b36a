import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';
import { ApiError } from './errors.js';
import { json, requestOrigin, type HttpEvent, type HttpResult } from './respond.js';
import type { ServiceDeps } from '../app/service-deps.js';

type Mw = MiddlewareObj<HttpEvent, HttpResult, Error, Context>;

export type ErrorSurface = 'public' | 'partner';

/** What every edge wrapper is given by the composition root: the logger and the configuration. */
export type EdgeDeps = Pick<ServiceDeps, 'logger' | 'runtimeEnv'>;

/** The service's origin as callers see it: the configured public base URL, else the request's host. */
export function serviceOrigin(deps: Pick<ServiceDeps, 'runtimeEnv'>, event: HttpEvent): string {
  return requestOrigin(event, deps.runtimeEnv().PUBLIC_BASE_URL);
}

/** Encodes an ApiError in the surface's shape; anything else is logged and answered as a 500. */
export function errorShape(surface: ErrorSurface, deps: EdgeDeps): Mw {
  const docsBase = (event: HttpEvent) => serviceOrigin(deps, event);
  return {
    onError: async (request) => {
      const err = request.error;
      if (err instanceof ApiError) {
        const body =
          surface === 'public'
            ? {
                error: {
                  code: err.code,
                  message: err.message,
                  ...(err.extra.ids ? { ids: err.extra.ids } : {}),
                  docs: `${docsBase(request.event)}/docs#error-${err.code}`,
                },
              }
            : {
                error: {
                  code: err.code,
                  message: err.message,
                  ...(err.extra.details ? { details: err.extra.details } : {}),
                },
              };
        request.response = json(err.status, body, err.extra.headers ?? {});
        return;
      }
      // Only the error's class and message: a stack trace or request body may carry patient data.
      deps.logger().error('unhandled error', { errorName: err?.name, errorMessage: err?.message?.slice(0, 200) });
      const body =
        surface === 'public'
          ? {
              error: {
                code: 'internal_error',
                message: 'Internal error.',
                docs: `${docsBase(request.event)}/docs#error-internal_error`,
              },
            }
          : {
              error: {
                code: 'internal_error',
                message: 'Internal error. Contact support with the request id.',
                details: { requestId: request.context?.awsRequestId },
              },
            };
      request.response = json(500, body);
    },
  };
}

/**
 * Answers that may carry patient data are never stored by a browser, proxy or CDN: `no-store`
 * unless the handler chose its own caching (the partner catalogue's max-age). Use it first, so it
 * also sees the error answers the other middlewares write.
 */
export function noStoreByDefault(): Mw {
  const apply = async (request: { response: HttpResult | null | undefined }) => {
    const response = request.response;
    if (!response) return;
    const headers = (response.headers ??= {});
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'cache-control')) headers['Cache-Control'] = 'no-store';
  };
  return { after: apply, onError: apply };
}

export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, Accept',
  'Access-Control-Expose-Headers': 'Retry-After',
  'Access-Control-Max-Age': '600',
};

function addHeaders(response: HttpResult | null | undefined, headers: Record<string, string>): void {
  if (response) response.headers = { ...response.headers, ...headers };
}

/** Open CORS on every public answer, errors included, so browsers can read error bodies. */
export function openCors(): Mw {
  const add = async (request: { response: HttpResult | null | undefined }) =>
    addHeaders(request.response, CORS_HEADERS);
  return { after: add, onError: add };
}

/** Brief public caching of successes; errors (429 above all) are never cached. */
export function publicCaching(maxAgeSeconds: number): Mw {
  const add = async (request: { response: HttpResult | null | undefined }) => {
    const ok = request.response && request.response.statusCode < 300;
    addHeaders(request.response, { 'Cache-Control': ok ? `public, max-age=${maxAgeSeconds}` : 'no-store' });
  };
  return { after: add, onError: add };
}

/** Logs one line per request: route, status and duration; never bodies or query strings. */
export function accessLog(deps: Pick<ServiceDeps, 'logger'>): Mw {
  const started = new WeakMap<object, number>();
  const log = async (request: { event: HttpEvent; response: HttpResult | null | undefined; context: Context }) => {
    deps.logger().info('request', {
      method: request.event.httpMethod,
      route: request.event.resource,
      status: request.response?.statusCode,
      durationMs: Math.round(performance.now() - (started.get(request) ?? performance.now())),
      correlationId: request.event.requestContext?.requestId,
    });
  };
  return {
    before: async (request) => void started.set(request, performance.now()),
    after: log,
    onError: log,
  };
}

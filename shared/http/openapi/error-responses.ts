import type { ZodType } from 'zod';
import type { Route } from '../../manifest/index.js';
import { ERROR_CATALOGUE, type ErrorCode } from '../errors.js';
import type { Operation } from './operations.js';
import { pascal } from './schema-helpers.js';
import * as R from './responses.js';

// The error answers of each documented operation, from the error catalogue: one named schema per
// status (its code an enum of what that status can carry), with an example and its description.

/** The errors of one operation by status, each status with a named schema whose code is an enum. */
export function errorSchemas(route: Route, op: Operation): Map<number, { codes: ErrorCode[]; schema: ZodType }> {
  const surface = route.api === 'public' ? 'public' : 'partner';
  const byStatus = new Map<number, ErrorCode[]>();
  for (const c of op.errors) {
    const status = ERROR_CATALOGUE[c].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), c]);
  }
  return new Map(
    [...byStatus].map(([status, codes]) => {
      const name =
        codes.length === 1
          ? `${pascal((codes[0] as string).replace(/_error$/, ''))}Error`
          : codes.join() === 'invalid_api_key,wrong_environment'
            ? 'AuthenticationError'
            : `${pascal(op.operationId)}Error${status}`;
      const schema = R.errorFor(surface, codes as [ErrorCode, ...ErrorCode[]]).openapi(name);
      return [status, { codes, schema }];
    }),
  );
}

function errorExample(surface: 'public' | 'partner', code: ErrorCode, origin: string) {
  const { message } = ERROR_CATALOGUE[code];
  return surface === 'public'
    ? { error: { code, message, docs: `${origin}/docs#error-${code}` } }
    : {
        error: {
          code,
          message,
          ...(code === 'validation_error'
            ? { details: { fields: { limit: 'must be a whole number from 1 to 100' } } }
            : {}),
        },
      };
}

export function errorResponses(route: Route, op: Operation, origin: string) {
  const surface = route.api === 'public' ? 'public' : 'partner';
  return Object.fromEntries(
    [...errorSchemas(route, op)].map(([status, { codes, schema }]) => [
      String(status),
      {
        description: codes.map((c) => `\`${c}\`: ${ERROR_CATALOGUE[c].message}`).join('\n\n'),
        content: { 'application/json': { schema, example: errorExample(surface, codes[0] as ErrorCode, origin) } },
        ...(codes.includes('rate_limited')
          ? {
              headers: {
                'Retry-After': { description: 'Whole seconds to wait', schema: { type: 'integer' as const } },
              },
            }
          : {}),
      },
    ]),
  );
}

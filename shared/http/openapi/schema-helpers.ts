import * as z from 'zod';
import type { ZodType } from 'zod';

export const iso = z.iso.datetime({ offset: true });
/** A named schema that may be null. Written as a union: the generator loses nullability on `$ref`s. */
export const orNull = <T extends ZodType>(s: T) => z.union([s, z.null()]);
/** A schema with its component name, so generated clients get a type for it. */
export const named = <T extends ZodType>(s: T, id: string, description?: string) =>
  s.meta({ id, ...(description ? { description } : {}) });
/** order.results_ready -> OrderResultsReady, not_found -> NotFound. */
export const pascal = (s: string) => s.replace(/(^|[_.-])(\w)/g, (_m, _p, c: string) => c.toUpperCase());

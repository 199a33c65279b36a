import type * as mini from 'zod/mini';
import {
  _default,
  array,
  base64,
  boolean,
  email,
  enum as enumOf,
  iso,
  nullable,
  nullish,
  number,
  optional,
  pipe,
  record,
  strictObject,
  string,
  transform,
} from 'zod/mini';

// zod comes in two flavours over one core: classic (schemas with methods: `.min()`, `.optional()`)
// and zod/mini (functions: `z.optional(s)`, `s.check(z.minLength(1))`). Both share the functional
// API below, and their checks are the core's, so a schema written against it builds in either.
// The request schemas the functions parse with are mini (classic costs a cold start about 10 ms
// more to load and build); the OpenAPI generator reads classic schemas, so the documents build the
// same definitions with classic zod (see schemas/classic.ts).

/** The schema constructors both flavours have. */
export type ZodFlavour = Pick<
  typeof mini,
  | 'string'
  | 'number'
  | 'boolean'
  | 'strictObject'
  | 'array'
  | 'record'
  | 'enum'
  | 'email'
  | 'base64'
  | 'iso'
  | 'optional'
  | 'nullable'
  | 'nullish'
  | '_default'
  | 'pipe'
  | 'transform'
>;

/** Registers a schema's component id for the OpenAPI documents; the functions' builds need none. */
export type WithId = <S extends mini.ZodMiniType>(schema: S, id: string) => S;

/**
 * zod/mini's constructors, named one by one: a bundle keeps what is imported by name, where the
 * whole namespace (`import * as z`, passed as a value) would carry all of zod, locales included.
 */
export const miniZod: ZodFlavour = {
  string,
  number,
  boolean,
  strictObject,
  array,
  record,
  enum: enumOf,
  email,
  base64,
  iso,
  optional,
  nullable,
  nullish,
  _default,
  pipe,
  transform,
};

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
} from 'zod';
import { meta } from 'zod/mini';
import type { WithId, ZodFlavour } from './flavour.js';

/**
 * Classic zod's constructors seen through the API it shares with zod/mini (./flavour.ts), named one
 * by one as miniZod's are, so a bundle keeps only these: for schemas that are documented or that
 * live among classic ones. Its schemas are typed as mini's, whose members they all have.
 */
export const classicZod = {
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
} as unknown as ZodFlavour;

/** For the documents' build: the component id in the registry the OpenAPI generator reads. */
export const documentedId: WithId = (schema, id) => schema.check(meta({ id }));

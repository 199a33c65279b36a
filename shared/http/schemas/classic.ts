import * as z from 'zod';
import { meta } from 'zod/mini';
import type { WithId, ZodFlavour } from './flavour.js';

/**
 * Classic zod seen through the API it shares with zod/mini: for schemas that are documented or
 * that live among classic ones. Its schemas are typed as mini's, which they are a superset of.
 */
export const classicZod = z as unknown as ZodFlavour;

/** For the documents' build: the component id in the registry the OpenAPI generator reads. */
export const documentedId: WithId = (schema, id) => schema.check(meta({ id }));

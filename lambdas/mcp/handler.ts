import { makeHandler } from '../../functions/mcp/handler.js';
import { catalogStore, clock, logger, runtimeEnv } from '../../shared/composition.js';

export const handler = makeHandler({ catalogStore, clock, logger, runtimeEnv });

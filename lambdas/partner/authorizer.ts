import { makeHandler } from '../../functions/partner/authorizer.js';
import { partnerStore, runtimeEnv } from '../../shared/composition.js';

export const handler = makeHandler({ partnerStore, runtimeEnv });

export { LabTestsClient, type LabTestsClientOptions, type RetryOptions } from './client.js';
export { LabTestsApiError, WebhookVerificationError } from './errors.js';
export {
  constructWebhookEvent,
  verifyWebhookSignature,
  SIGNATURE_TOLERANCE_SECONDS,
  type VerifyInput,
  type VerifyResult,
} from './webhooks.js';
export type * from './types.js';

import { validationError } from './errors.js';
import { checkWebhookUrl, type UrlPolicy } from '../domain/webhooks/ssrf.js';

/** A partner's webhook URL is checked when it is set (and again at each send, after DNS). */
export function assertWebhookUrl(policy: UrlPolicy, url: string | null | undefined): void {
  if (url === null || url === undefined) return;
  const check = checkWebhookUrl(url, policy);
  if (!check.ok) throw validationError({ webhookUrl: check.reason }, `The webhook URL ${check.reason}.`);
}

import { logger } from './logger.js';

/**
 * Operator alerts: one structured ERROR log line with `alert` set, which the stack's metric
 * filter counts and an alarm watches. Only ids travel here, never patient data.
 */
export function alert(event: string, ids: Record<string, string>): void {
  logger.error('operator alert', { alert: event, ...ids });
}

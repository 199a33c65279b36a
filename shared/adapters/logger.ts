import { Logger } from '@aws-lambda-powertools/logger';

// One logger for the whole service. Log lines carry ids, routes and outcomes, never patient data.
export const logger = new Logger({
  serviceName: 'lab-test-service',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'WARN' | 'ERROR' | 'DEBUG' | 'SILENT' | undefined) ?? 'INFO',
});

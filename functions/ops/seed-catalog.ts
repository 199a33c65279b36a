import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { catalogStore } from '../../shared/composition.js';
import { loadSeedCatalog } from '../../shared/adapters/seed-catalog.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { logger } from '../../shared/adapters/logger.js';

/** CloudFormation custom resource: loads the versioned seed catalogue at deploy time. */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') {
    const catalog = loadSeedCatalog(SERVICE_CONFIG.restrictedStates);
    const result = await catalogStore().seed(catalog);
    logger.info('catalogue seed', { version: catalog.version, written: result.written });
  }
  return { PhysicalResourceId: 'catalog-seed' };
};

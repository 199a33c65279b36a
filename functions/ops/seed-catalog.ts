import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What the seed needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'catalogStore' | 'seedCatalog' | 'logger'>;

/** CloudFormation custom resource: loads the versioned seed catalogue at deploy time. */
export const makeHandler = (deps: Deps) => async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') {
    const catalog = deps.seedCatalog();
    const result = await deps.catalogStore().seed(catalog);
    deps.logger().info('catalogue seed', { version: catalog.version, written: result.written });
  }
  return { PhysicalResourceId: 'catalog-seed' };
};

import { pageHandler, pageResult } from '../../shared/http/page-handler.js';
import { homePage } from '../../shared/pages/content.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) =>
    pageResult(event, homePage(await deps.catalogStore().get(), SERVICE_CONFIG.publicOrderFee.amountCents)),
  );

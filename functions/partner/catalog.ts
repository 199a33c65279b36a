import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json, requestOrigin } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { publicCatalog } from '../../shared/domain/public-catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'catalogStore' | 'partnerStore' | 'runtimeEnv'>;

/** GET /api/v1/catalog: every orderable test and panel, the partner's own fees, restricted states. */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (event, identity) => {
    const partner = await deps.partnerStore().get(identity.partnerId);
    if (!partner) throw new ApiError('invalid_api_key');
    const fees = {
      ...partner.fees,
      totalCents: partner.fees.labCollectionCents + partner.fees.physicianOrderCents,
      chargedPer: 'order',
    };
    const catalog = await deps.catalogStore().get();
    const { tests, panels } = publicCatalog(
      catalog,
      publicLinks(requestOrigin(event, deps.runtimeEnv().PUBLIC_BASE_URL)),
    );
    const codes = new Map(catalog.tests.map((t) => [t.id, t.labOrderCode]));
    return json(
      200,
      {
        fees,
        restrictedStates: SERVICE_CONFIG.restrictedStates,
        tests: tests.map((t) => ({ ...t, labOrderCode: codes.get(t.id) ?? null })),
        panels,
      },
      { 'Cache-Control': `private, max-age=${SERVICE_CONFIG.partnerCatalogMaxAgeSeconds}` },
    );
  });

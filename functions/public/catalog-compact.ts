import { publicHandler, readsCatalog, type PublicEdgeDeps } from '../../shared/http/public-handler.js';
import { query, repeatedQueryParameters } from '../../shared/http/respond.js';
import { ApiError } from '../../shared/http/errors.js';
import { memberTests, indexCatalog, type Catalog } from '../../shared/domain/catalog.js';
import { publicLinks } from '../../shared/domain/public-links.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { CATEGORY_ES, FEE_LABEL_ES } from '../../shared/config/spanish.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import { serviceOrigin } from '../../shared/http/middleware.js';
import { cachedJson } from '../../shared/http/conditional.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = PublicEdgeDeps & Pick<ServiceDeps, 'catalogStore'>;

/**
 * GET /api/catalog: the compact catalogue for language-model grounding. `locale=es` gives the
 * Spanish names, descriptions, categories and fee label; `utm_medium` is carried into every url.
 * price is integer cents.
 */
export const makeHandler = (deps: Deps) =>
  publicHandler(
    deps,
    async (event) => {
      const repeated = repeatedQueryParameters(event).filter((name) => name === 'locale' || name === 'utm_medium');
      if (repeated.length > 0)
        throw new ApiError('invalid_parameter', `${repeated.join(' and ')} was given more than once: give it once.`);
      const q = query(event);
      // es, ES, es-MX and es_US answer in Spanish; anything else in English, and Content-Language says which.
      const locale = /^es(?:[-_][A-Za-z0-9]+)*$/i.test(q.locale ?? '') ? 'es' : 'en';
      const medium = q.utm_medium && /^[A-Za-z0-9_.-]{1,50}$/.test(q.utm_medium) ? q.utm_medium : null;
      const catalog = await deps.catalogStore().get();
      const origin = serviceOrigin(deps, event);
      // Built once per catalogue version and variant; the medium is bounded (50 safe characters) and so is the cache.
      return cachedJson(
        `catalog ${catalog.version} ${origin} ${locale} ${medium ?? ''}`,
        () => compact(catalog, origin, locale, medium),
        {
          'Content-Language': locale,
        },
      );
    },
    readsCatalog(deps),
  );

function compact(catalog: Catalog, origin: string, locale: 'en' | 'es', medium: string | null) {
  const byId = indexCatalog(catalog);
  const links = publicLinks(origin);
  const tag = (url: string) => (medium ? `${url}?utm_source=catalog&utm_medium=${medium}` : url);
  const entry = (item: (typeof catalog.tests)[number] | (typeof catalog.panels)[number]) => ({
    id: item.id,
    type: item.type,
    name: locale === 'es' ? item.nameEs : item.name,
    price: item.priceCents,
    biomarkers: memberTests(item, byId).flatMap((t) => t.biomarkers.map((b) => b.name)),
    category: locale === 'es' ? (CATEGORY_ES[item.category] ?? item.category) : item.category,
    url: tag(links.itemUrl(item)),
    description: locale === 'es' ? item.descriptionEs : item.description,
  });
  return {
    locale,
    currency: 'USD',
    orderFee: {
      amountCents: SERVICE_CONFIG.publicOrderFee.amountCents,
      chargedPer: 'order',
      label: locale === 'es' ? FEE_LABEL_ES : SERVICE_CONFIG.publicOrderFee.label,
    },
    restrictedStates: SERVICE_CONFIG.restrictedStates,
    quoteApi: `${origin}/api/public/v1/quote?items={ids}&state={state}`,
    tests: catalog.tests.map(entry),
    panels: catalog.panels.map(entry),
  };
}

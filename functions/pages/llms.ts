import { pageHandler } from '../../shared/http/page-handler.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps;

/** /llms.txt: where agents find the catalogue, the quote API, the MCP server and the API documents. */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    const o = serviceOrigin(deps, event);
    const body = `# Lab Tests

> Laboratory blood tests with clear prices. Every order costs the sum of its items plus one flat ${(SERVICE_CONFIG.publicOrderFee.amountCents / 100).toFixed(2)} USD fee (lab draw and physician order). Orders are not accepted from ${SERVICE_CONFIG.restrictedStates.join(', ')}.

Never send names, contact details, symptoms or personal results to these endpoints: they take product terms and catalogue ids only.

## Catalogue
- [Compact catalogue (JSON)](${o}/api/catalog): id, name, price (integer cents), biomarkers, category, url, description. \`?locale=es\` for Spanish.
- [Full catalogue (JSON)](${o}/api/tests)
- [Catalogue page](${o}/tests) (send \`Accept: text/markdown\` for Markdown)

## Pricing and availability
- [Quote API](${o}/api/public/v1/quote?items=cbc,lipid-panel&state=CA): the all-in price of a basket, with eligibility for a state.
- [Availability API](${o}/api/public/v1/availability?state=CA)
- [Public API description (OpenAPI)](${o}/api/public/v1/openapi.json)

## MCP
- MCP server (StreamableHTTP, no authentication): ${o}/mcp. Tools: search-lab-tests, get-test-details, get-test-panels, get-pricing.

## Ordering
- [Cart handoff](${o}/cart/handoff?items=cbc,lipid-panel): a link that opens a prefilled cart for a person.
- [Partner API description (OpenAPI)](${o}/api/v1/openapi.json) and [reference](${o}/docs)
`;
    return {
      statusCode: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
      body,
    };
  });

import { pageHandler, pageResult, wantsMarkdown } from '../../shared/http/page-handler.js';
import { REFERENCE_CSP, referenceHtml } from '../../shared/http/openapi/reference-page.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { CORS_HEADERS, serviceOrigin, type EdgeDeps } from '../../shared/http/middleware.js';
import { documentText } from '../../shared/http/openapi/prebuilt.js';
import publicDocument from '../../data/openapi/public.json' with { type: 'json' };
import partnerDocument from '../../data/openapi/partner.json' with { type: 'json' };
import { ERROR_CATALOGUE } from '../../shared/http/errors.js';
import type { Block, Page } from '../../shared/pages/document.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps;

type Doc = { info: { version: string }; paths?: Record<string, unknown>; webhooks?: Record<string, unknown> };

function operations(doc: Doc): Block[] {
  const blocks: Block[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(
      item as Record<
        string,
        {
          summary?: string;
          parameters?: Array<{ name: string; in: string; required?: boolean }>;
          responses?: Record<string, { description?: string }>;
        }
      >,
    )) {
      blocks.push({ h: 3, text: `${method.toUpperCase()} ${path}` });
      if (op.summary) blocks.push({ p: [op.summary] });
      const params = (op.parameters ?? []).map((p) => [`${p.name} (${p.in}${p.required ? ', required' : ''})`]);
      if (params.length) blocks.push({ list: params });
      blocks.push({
        table: {
          head: ['Status', 'Meaning'],
          rows: Object.entries(op.responses ?? {}).map(([status, r]) => [
            [status],
            [(r.description ?? '').replace(/`/g, '').split('\n\n').join('; ')],
          ]),
        },
      });
    }
  }
  return blocks;
}

/**
 * /docs: the API reference. People get Scalar's renderer over the OpenAPI documents, served from
 * our own origin (no CDN); agents asking for text/markdown get the operations as Markdown.
 */
export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => {
    if (!wantsMarkdown(event))
      return {
        statusCode: 200,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          Vary: 'Accept',
          'Cache-Control': `public, max-age=${SERVICE_CONFIG.publicCacheMaxAgeSeconds}`,
          'Content-Security-Policy': REFERENCE_CSP,
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
          ...CORS_HEADERS,
        },
        body: referenceHtml(),
      };
    const origin = serviceOrigin(deps, event);
    const pub = JSON.parse(documentText(publicDocument, origin)) as Doc;
    const partner = JSON.parse(documentText(partnerDocument, origin)) as Doc;
    const page: Page = {
      title: 'API reference',
      description: 'Public quote API and partner API reference.',
      blocks: [
        { h: 1, text: 'API reference' },
        {
          p: [
            'Machine-readable: ',
            { link: '/api/public/v1/openapi.json', text: 'public API (OpenAPI 3.1)' },
            ' and ',
            { link: '/api/v1/openapi.json', text: 'partner API (OpenAPI 3.1)' },
            '.',
          ],
        },
        { h: 2, text: `Public quote API ${pub.info.version}`, id: 'public' },
        ...operations(pub),
        { h: 2, text: `Partner API ${partner.info.version}`, id: 'partner' },
        { p: ['Every request carries Authorization: Bearer <API key>. Money is integer cents in USD.'] },
        ...operations(partner),
        { h: 2, text: 'Webhooks', id: 'webhooks' },
        { list: Object.keys(partner.webhooks ?? {}).map((w) => [w]) },
        {
          p: [
            'Each delivery is signed: X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.<raw body>">. Verify against the raw body, in constant time, within 300 seconds.',
          ],
        },
        { h: 2, text: 'Errors', id: 'errors' },
        ...Object.entries(ERROR_CATALOGUE).flatMap(([code, e]): Block[] => [
          { h: 3, text: `${code} (${e.status})`, id: `error-${code}` },
          { p: [e.message] },
        ]),
      ],
    };
    return pageResult(event, page);
  });

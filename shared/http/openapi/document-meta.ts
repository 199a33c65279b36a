import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Route } from '../../manifest/index.js';

// What each document says about itself: title, description, tags and security schemes.

export type DocumentKind = 'public' | 'partner' | 'operator';

export const TAGS: Record<DocumentKind, Record<string, string>> = {
  public: {
    Quotes: 'Prices and eligibility, without a key.',
    Catalogue: 'The public catalogue.',
    Documents: 'This description.',
  },
  partner: {
    Catalogue: 'What you can order, with your fees.',
    Locations: 'Draw sites where patients give their sample.',
    Orders: 'Place, follow and cancel orders; fetch their documents.',
    Webhooks: 'The deliveries sent to your endpoint.',
    Sandbox: 'Rehearse the lifecycle without waiting (sandbox keys only).',
    Documents: 'This description.',
  },
  operator: {
    Partners: 'Partner accounts, their keys and webhook secrets.',
    Webhooks: 'Every partner’s deliveries.',
    Results: 'Results from the lab, electronic or uploaded.',
    Audit: 'Who read or changed which order or partner: append-only records, kept six years.',
    Documents: 'This description.',
    Other: 'Routes described generically.',
  },
};

export const INFO: Record<DocumentKind, { title: string; description: string }> = {
  public: {
    title: 'Lab Tests Public Quote API',
    description:
      'Keyless quotes and availability. Rate limited per client IP. Unknown query parameters (utm_* and the like) are ignored; a known parameter given twice is a 400, except items, whose values are merged.',
  },
  partner: {
    title: 'Lab Tests Partner API',
    description:
      'Order lab tests for your end users, charged to your payment method. Money is integer cents in USD. A query parameter given twice is a 400 validation_error.',
  },
  operator: {
    title: 'Lab Tests Operator API',
    description:
      'Partner accounts, keys, webhook deliveries and results. In AWS every request is SigV4-signed (IAM); the local runtime takes Authorization: Bearer <ADMIN_TOKEN>.',
  },
};

export function securityOf(which: DocumentKind, route: Route): Array<Record<string, string[]>> {
  if (which === 'public' || route.auth === 'none') return [];
  return which === 'partner' ? [{ bearer: [] }] : [{ sigv4: [] }, { adminToken: [] }];
}

export function registerSecurity(registry: OpenAPIRegistry, which: DocumentKind) {
  if (which === 'partner')
    registry.registerComponent('securitySchemes', 'bearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'Authorization: Bearer sk_test_... (sandbox) or sk_live_... (production)',
    });
  if (which === 'operator') {
    registry.registerComponent('securitySchemes', 'sigv4', {
      type: 'apiKey',
      name: 'Authorization',
      in: 'header',
      description: 'AWS: the request signed with Signature Version 4 by an IAM principal allowed to invoke the API.',
    });
    registry.registerComponent('securitySchemes', 'adminToken', {
      type: 'http',
      scheme: 'bearer',
      description: 'Local runtime: Authorization: Bearer <ADMIN_TOKEN> (printed at start).',
    });
  }
}

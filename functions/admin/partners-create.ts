import { operatorHandler, type AuditedEdgeDeps } from '../../shared/http/partner-handler.js';
import { json } from '../../shared/http/respond.js';
import { assertWebhookUrl } from '../../shared/http/webhook-url.js';
import { parseJsonBody, parseOrThrow } from '../../shared/http/schemas/parse.js';
import { createPartnerSchema } from '../../shared/http/schemas/admin.js';
import { partnerView } from '../../shared/http/views.js';
import { newId } from '../../shared/domain/ids.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = AuditedEdgeDeps & Pick<ServiceDeps, 'clock' | 'partnerStore' | 'webhookPolicy' | 'usagePlans'>;

const AUDIT = { action: 'partner.created', fromAnswer: { partnerId: 'id' } } as const;

export const makeHandler = (deps: Deps) =>
  operatorHandler(deps, AUDIT, async (event) => {
    const input = parseOrThrow(createPartnerSchema, parseJsonBody(event.body));
    assertWebhookUrl(deps.webhookPolicy(), input.webhookUrl);
    const now = deps.clock().now();
    const id = newId('ptr', now);
    const partner = {
      id,
      name: input.name,
      status: 'active' as const,
      fees: input.fees ?? { ...SERVICE_CONFIG.defaultPartnerFees },
      paymentMethod: input.paymentMethod ?? null,
      stripeCustomerId: input.stripeCustomerId ?? null,
      webhookUrl: input.webhookUrl ?? null,
      usagePlanKey: await deps.usagePlans().provision(id, input.name),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    await deps.partnerStore().create(partner);
    return json(201, partnerView(partner));
  });

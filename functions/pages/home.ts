import { pageHandler, pageResult } from '../../shared/http/page-handler.js';
import { homePage } from '../../shared/pages/content.js';
import { SERVICE_CONFIG } from '../../shared/config/service-config.js';
import { catalogStore } from '../../shared/composition.js';

export const handler = pageHandler(async (event) =>
  pageResult(event, homePage(await catalogStore().get(), SERVICE_CONFIG.publicOrderFee.amountCents)),
);

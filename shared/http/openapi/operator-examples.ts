import type * as O from './operator.js';
import { AT, delivery, document, ORDER_ID, type Ex, type Example } from './examples.js';

/** Examples of the operator operations. */
export function operatorExamples(): Record<string, Example> {
  const partner: Ex<typeof O.partnerAccount> = {
    id: 'ptr_01kbx7m2q3r4s5t6v7w8x9y0z1',
    name: 'Acme Health',
    status: 'active',
    fees: { labCollectionCents: 1000, physicianOrderCents: 800 },
    paymentMethod: 'pm_card_visa',
    stripeCustomerId: null,
    webhookUrl: 'https://hooks.acme.example/lab',
    createdAt: AT,
    updatedAt: AT,
  };
  const key = { id: 'key_01kbx7m2q3r4s5t6v7w8x9y0z1', environment: 'test' as const, last4: 'x9Qa', createdAt: AT };
  return {
    createPartner: { request: { name: 'Acme Health', paymentMethod: 'pm_card_visa' }, response: partner },
    getPartner: { response: { ...partner, keys: [{ ...key, revokedAt: null }] } },
    updatePartner: { request: { status: 'suspended' }, response: { ...partner, status: 'suspended' } },
    createApiKey: {
      request: { environment: 'test' },
      response: { id: key.id, key: 'sk_test_51Hexample0000000000000000x9Qa', environment: 'test', createdAt: AT },
    },
    revokeApiKey: { response: { ...key, revokedAt: AT } },
    rotateWebhookSecret: {
      request: { overlapHours: 0 },
      response: { secret: 'whsec_3f9a0000000000000000000000000000', createdAt: AT, previousSecretsValidUntil: [] },
    },
    listAllDeliveries: { response: { data: [{ ...delivery, partnerId: partner.id }], nextCursor: null } },
    listPartners: { response: { data: [partner], nextCursor: null } },
    listAuditRecords: {
      response: {
        data: [
          {
            id: 'aud_01kbx7m2q3r4s5t6v7w8x9y0z1',
            at: AT,
            action: 'results.url_issued',
            outcome: 'success',
            principal: { type: 'partner', partnerId: partner.id, keyId: key.id },
            orderId: ORDER_ID,
            partnerId: partner.id,
            subjectId: null,
            requestId: 'c6b1f0de-4f7e-4a53-9d56-0b6f1e0a7c21',
          },
        ],
        nextCursor: null,
      },
    },
    replayAnyDelivery: { response: delivery },
    ingestOruMessage: {
      request:
        'MSH|^~\\&|LAB|LAB|SVC|SVC|20261102150405||ORU^R01|MSG0001|P|2.5.1\rPID|1||PAT1\rOBR|1|' +
        `${ORDER_ID}||718-7^Hemoglobin^LN\rOBX|1|NM|718-7^Hemoglobin^LN||13.9|g/dL|12.6-17.7|N|||F`,
      response: { ok: true, orderId: ORDER_ID, analytes: 1, report: 'final' },
    },
    deliverLabResults: {
      request:
        'MSH|^~\\&|LAB|LAB|SVC|SVC|20261102150405||ORU^R01|MSG0002|P|2.5.1\rPID|1||PAT1\rOBR|1|' +
        `${ORDER_ID}||718-7^Hemoglobin^LN\rOBX|1|NM|718-7^Hemoglobin^LN||14.2|g/dL|12.6-17.7|N|||C`,
      response: { ok: true, orderId: ORDER_ID, analytes: 1, report: 'correction' },
    },
    uploadResults: {
      request: {
        analytes: [
          { name: 'Hemoglobin', labTestCode: '718-7', value: 13.9, unit: 'g/dL', referenceRange: '12.6-17.7' },
        ],
      },
      response: { orderId: ORDER_ID, status: 'results_ready', analytes: 1 },
    },
    getOperatorOpenApi: { response: document },
  };
}

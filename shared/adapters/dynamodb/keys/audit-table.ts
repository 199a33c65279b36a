// Keys of the audit table (append-only; records are kept six years):
//   partner#<partnerId> / <at>#<recordId>    a partner's records, newest first by reading backwards
//   principal#<operator> / <at>#<recordId>   records that name no partner, under the operator
//   gsi1: order#<orderId> / <at>#<recordId>  the records that name an order

export const auditKeys = {
  record: (owner: { partnerId: string } | { operatorId: string }, at: string, recordId: string) => ({
    pk: auditPartition(owner),
    sk: `${at}#${recordId}`,
  }),
  partition: (owner: { partnerId: string } | { operatorId: string }) => auditPartition(owner),
};

function auditPartition(owner: { partnerId: string } | { operatorId: string }): string {
  return 'partnerId' in owner ? `partner#${owner.partnerId}` : `principal#${owner.operatorId}`;
}

export const AUDIT_BY_ORDER = { index: 'gsi1', partitionKey: 'gsi1pk' } as const;
export const auditOrderKey = (orderId: string) => `order#${orderId}`;

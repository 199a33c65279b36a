import { PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditLog, AuditPage, AuditRecord, AuditTarget } from '../../ports/audit-log.js';

/** Six years (HIPAA §164.316(b)(2) retention), with the leap days. */
export const AUDIT_RETENTION_SECONDS = Math.round(6 * 365.25 * 86_400);
const MAX_TRANSACTION_ITEMS = 100;

// One item per record in the audit table:
//   pk  partner#<partnerId> (or principal#<operator> when no partner is named)
//   sk  <time>#<record id>     newest first by querying backwards
//   gsi1pk order#<orderId>     present only when the record names an order
// Records are written with PutItem only (several at once in one transaction, which needs no
// BatchWriteItem): the function roles are denied every call that could change or remove one.
export function auditItem(r: AuditRecord) {
  return {
    pk: r.partnerId ? `partner#${r.partnerId}` : `principal#${r.principal.type === 'operator' ? r.principal.id : ''}`,
    sk: `${r.at}#${r.id}`,
    ...(r.orderId ? { gsi1pk: `order#${r.orderId}` } : {}),
    record: r,
    expiresAt: Math.floor(Date.parse(r.at) / 1000) + AUDIT_RETENTION_SECONDS,
  };
}

export class DynamoAuditLog implements AuditLog {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async append(records: readonly AuditRecord[]): Promise<void> {
    // A new record must never replace one: ids are unique, and the condition makes sure.
    const put = (r: AuditRecord) => ({
      TableName: this.table,
      Item: auditItem(r),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
    if (records.length === 1) {
      await this.db.send(new PutCommand(put(records[0] as AuditRecord)));
      return;
    }
    for (let i = 0; i < records.length; i += MAX_TRANSACTION_ITEMS) {
      const chunk = records.slice(i, i + MAX_TRANSACTION_ITEMS);
      await this.db.send(new TransactWriteCommand({ TransactItems: chunk.map((r) => ({ Put: put(r) })) }));
    }
  }

  async list(target: AuditTarget, opts: { limit: number; startKey: string | null }): Promise<AuditPage> {
    const byOrder = 'orderId' in target;
    const r = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        ...(byOrder
          ? {
              IndexName: 'gsi1',
              KeyConditionExpression: 'gsi1pk = :pk',
              ExpressionAttributeValues: { ':pk': `order#${target.orderId}` },
            }
          : {
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': `partner#${target.partnerId}` },
              ConsistentRead: true,
            }),
        ScanIndexForward: false,
        Limit: opts.limit,
        ...(opts.startKey ? { ExclusiveStartKey: JSON.parse(opts.startKey) as Record<string, unknown> } : {}),
      }),
    );
    return {
      records: (r.Items ?? []).map((i) => i.record as AuditRecord),
      nextKey: r.LastEvaluatedKey ? JSON.stringify(r.LastEvaluatedKey) : null,
    };
  }
}

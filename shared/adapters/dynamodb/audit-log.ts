import { PutCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditLog, AuditPage, AuditRecord, AuditTarget } from '../../ports/audit-log.js';
import { AUDIT_BY_ORDER, auditKeys, auditOrderKey } from './keys/audit-table.js';

/** Six years (HIPAA §164.316(b)(2) retention), with the leap days. */
export const AUDIT_RETENTION_SECONDS = Math.round(6 * 365.25 * 86_400);
const MAX_TRANSACTION_ITEMS = 100;

// One item per record in the audit table, under its partner (or operator), and in gsi1 under its
// order when it names one (every key: keys/audit-table.ts). Records are written with PutItem only (several at once in one transaction, which needs no
// BatchWriteItem): the function roles are denied every call that could change or remove one.
export function auditItem(r: AuditRecord) {
  return {
    ...auditKeys.record(ownerOf(r), r.at, r.id),
    ...(r.orderId ? { [AUDIT_BY_ORDER.partitionKey]: auditOrderKey(r.orderId) } : {}),
    record: r,
    expiresAt: Math.floor(Date.parse(r.at) / 1000) + AUDIT_RETENTION_SECONDS,
  };
}

const ownerOf = (r: AuditRecord) =>
  r.partnerId ? { partnerId: r.partnerId } : { operatorId: r.principal.type === 'operator' ? r.principal.id : '' };

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
              IndexName: AUDIT_BY_ORDER.index,
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': AUDIT_BY_ORDER.partitionKey },
              ExpressionAttributeValues: { ':pk': auditOrderKey(target.orderId) },
            }
          : {
              KeyConditionExpression: 'pk = :pk',
              ExpressionAttributeValues: { ':pk': auditKeys.partition({ partnerId: target.partnerId }) },
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

import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLES, type TableDef, type TableKey } from '../../../shared/adapters/dynamodb/tables.js';
import type { StageConfig } from '../stages.js';
import type { TableAccess } from '../../../shared/routes.js';

export type Access = NonNullable<TableAccess[TableKey]>;

// Exactly what the adapters call (no Scan anywhere: every read is by key or index query).
const READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'];
const WRITE = [...READ, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const KMS_READ = ['kms:Decrypt', 'kms:DescribeKey'];
const KMS_WRITE = [...KMS_READ, 'kms:Encrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*'];

/**
 * Every table of the shared definitions, with PITR and TTL: patient tables under the patient-data
 * key, reference tables (catalogue, rate limits) under their own key.
 */
export class DataTables extends Construct {
  readonly tables: Record<TableKey, TableV2>;
  private readonly keys: Record<TableKey, IKey>;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; key: IKey; referenceKey: IKey }) {
    super(scope, id);
    const keyFor = (def: TableDef) => ('nonPatient' in def && def.nonPatient ? props.referenceKey : props.key);
    const build = (def: TableDef) =>
      new TableV2(this, def.logicalName, {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        ...(def.sortKey ? { sortKey: { name: def.sortKey, type: AttributeType.STRING } } : {}),
        billing: Billing.onDemand(),
        encryption: TableEncryptionV2.customerManagedKey(keyFor(def)),
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: props.stage.deletionProtection,
        removalPolicy: props.stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
        ...(def.ttlAttribute ? { timeToLiveAttribute: def.ttlAttribute } : {}),
        globalSecondaryIndexes: (def.globalIndexes ?? []).map((g) => ({
          indexName: g.name,
          partitionKey: { name: g.partitionKey, type: AttributeType.STRING },
          ...(g.sortKey ? { sortKey: { name: g.sortKey, type: AttributeType.STRING } } : {}),
        })),
      });
    this.tables = Object.fromEntries(Object.entries(TABLES).map(([k, def]) => [k, build(def)])) as Record<
      TableKey,
      TableV2
    >;
    this.keys = Object.fromEntries(Object.entries(TABLES).map(([k, def]) => [k, keyFor(def)])) as Record<
      TableKey,
      IKey
    >;
  }

  /** Grants exactly the route's declared access to one table, and the matching use of its key. */
  grant(grantee: IGrantable, table: TableKey, access: Access): void {
    const t = this.tables[table];
    const reads = access === 'read' || access === 'readOwn';
    this.keys[table].grant(grantee, ...(reads ? KMS_READ : KMS_WRITE));
    const def: TableDef = TABLES[table];
    if (access === 'readOwn') {
      if (!def.partnerKeys) throw new Error(`${def.logicalName} has no partner-owned key space to hold reads to`);
      // Only items whose partition key is a partner's: no index, no pointer, no delivery record.
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: READ,
          resources: [t.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [def.partnerKeys] } },
        }),
      );
      return;
    }
    // append: PutItem only (the audit table, whose records no function may change or remove).
    t.grant(grantee, ...(access === 'read' ? READ : access === 'append' ? ['dynamodb:PutItem'] : WRITE));
  }

  /** The environment variables that tell a handler its physical table names. */
  environment(): Record<string, string> {
    return Object.fromEntries(
      (Object.keys(TABLES) as TableKey[]).map((k) => [TABLES[k].envVar, this.tables[k].tableName]),
    );
  }
}

import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { TABLES, type TableDef, type TableKey } from '../../../shared/adapters/dynamodb/tables.js';
import type { StageConfig } from '../stages.js';

/** Every table of the shared definitions, encrypted with the service key, with PITR and TTL. */
export class DataTables extends Construct {
  readonly tables: Record<TableKey, TableV2>;

  constructor(scope: Construct, id: string, props: { stage: StageConfig; key: Key }) {
    super(scope, id);
    const build = (def: TableDef) =>
      new TableV2(this, def.logicalName, {
        partitionKey: { name: def.partitionKey, type: AttributeType.STRING },
        ...(def.sortKey ? { sortKey: { name: def.sortKey, type: AttributeType.STRING } } : {}),
        billing: Billing.onDemand(),
        encryption: TableEncryptionV2.customerManagedKey(props.key),
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
  }

  /** The environment variables that tell a handler its physical table names. */
  environment(): Record<string, string> {
    return Object.fromEntries(
      (Object.keys(TABLES) as TableKey[]).map((k) => [TABLES[k].envVar, this.tables[k].tableName]),
    );
  }
}

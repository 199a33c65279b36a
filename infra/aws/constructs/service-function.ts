import { AssetHashType, Duration } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { acknowledge, arnRef, hipaa, iam5 } from '../nag.js';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { copyFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TableKey } from '../../../shared/adapters/dynamodb/tables.js';
import type { TableAccess } from '../../../shared/manifest/index.js';
import type { Access, DataTables } from './data-tables.js';

import { METRIC_DIMENSIONS } from '../../../shared/adapters/alerts.js';
import { LAMBDA_ENTRY_FILE } from '../bundling.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');

export interface ServiceFunctionProps {
  entry: string;
  data: DataTables;
  tables: TableAccess;
  documents?: { bucket: IBucket; access: 'read' | 'readWrite' };
  environment?: Record<string, string>;
  /**
   * The stack's one function log group (each stream is named after its function): one log group
   * per function would cost a CloudFormation resource each, and the stack has 500.
   */
  logGroup: ILogGroup;
  timeout?: Duration;
  memorySize?: number;
  reservedConcurrentExecutions?: number;
  /** Repository files copied beside the bundle, for the handler to read at run time. */
  bundleFiles?: string[];
  /** Asynchronous invocations (schedules, rules) that fail every retry land here. */
  deadLetterQueue?: IQueue;
}

/**
 * The house Lambda: Node.js 22 on arm64, ESM bundled by the local esbuild as ../bundling.ts says
 * (minified, AWS SDK bundled and tree-shaken, lazy imports split into chunks), X-Ray tracing,
 * retained logs, and table grants that are exactly the route's declared access (least privilege).
 */
export class ServiceFunction extends Construct {
  readonly fn: LambdaFunction;
  /** Writes order data, so it may make a webhook attempt (inline on a transition). */
  readonly writesOrders: boolean;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.writesOrders = props.tables.orders === 'readWrite';
    this.fn = new LambdaFunction(this, 'Fn', {
      code: lambdaCode(props.entry, props.bundleFiles ?? []),
      handler: `${LAMBDA_ENTRY_FILE.replace(/\.mjs$/, '')}.handler`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      tracing: Tracing.ACTIVE,
      logGroup: props.logGroup,
      ...(props.reservedConcurrentExecutions !== undefined
        ? { reservedConcurrentExecutions: props.reservedConcurrentExecutions }
        : {}),
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      environment: {
        POWERTOOLS_SERVICE_NAME: METRIC_DIMENSIONS.service,
        ...props.data.environment(),
        ...props.environment,
      },
    });
    if (props.documents) grantDocuments(this.fn, props.documents.bucket, props.documents.access);
    const tables = Object.entries(props.tables) as Array<[TableKey, Access]>;
    for (const [table, access] of tables) props.data.grant(this.fn, table, access);
    acknowledge(
      this,
      iam5('Resource::*', 'X-Ray PutTraceSegments/PutTelemetryRecords have no resource-level permissions.'),
      ...(tables.some(([, access]) => access !== 'read' && access !== 'readOwn')
        ? ['kms:ReEncrypt*', 'kms:GenerateDataKey*'].map((a) =>
            iam5(`Action::${a}`, 'Writes to a table encrypted with the service’s own customer-managed key.'),
          )
        : []),
      ...tables
        .filter(([, access]) => access !== 'readOwn')
        .map(([table]) =>
          iam5(
            `Resource::${arnRef(props.data.tables[table], this)}/index/*`,
            'Queries on the table’s own secondary indexes.',
          ),
        ),
      ...(props.documents
        ? [
            iam5(
              `Resource::${arnRef(props.documents.bucket, this)}/*`,
              'Objects of the documents bucket: get, and put for writers.',
            ),
          ]
        : []),
      ...(props.deadLetterQueue
        ? []
        : [
            hipaa(
              'LambdaDLQ',
              'Invoked synchronously (API Gateway, the SQS poller or the custom-resource provider), so the caller sees every failure; asynchronous callers (schedules, rules) get a DLQ.',
            ),
          ]),
    );
    // Audit records are append-only: whatever else a role is granted, nothing may change or remove one.
    this.fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: [
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:PartiQLUpdate',
          'dynamodb:PartiQLDelete',
        ],
        resources: [props.data.tables.audit.tableArn, `${props.data.tables.audit.tableArn}/index/*`],
      }),
    );
  }
}

/**
 * Documents: get (and head, whose 404 needs ListBucket) for readers, put for writers; never
 * delete, legal hold or retention.
 */
function grantDocuments(fn: LambdaFunction, bucket: IBucket, access: 'read' | 'readWrite'): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: access === 'read' ? ['s3:GetObject'] : ['s3:GetObject', 's3:PutObject'],
      resources: [bucket.arnForObjects('*')],
    }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
  bucket.encryptionKey?.grant(fn, ...(access === 'read' ? ['kms:Decrypt'] : ['kms:Decrypt', 'kms:GenerateDataKey']));
}

/**
 * A function's code: its entry bundled by the local esbuild into the asset directory (index.mjs and
 * the chunks its lazy imports load; see ../bundling.ts), with the repository files it reads at run
 * time copied beside it. No source maps: --enable-source-maps parses the whole map at every cold
 * start, and the handlers log error names, not stacks; the same commit bundles to the same bytes,
 * so a stack from the runtime can be mapped offline. The asset's hash is its output's, so an
 * unchanged function is not redeployed. There is no container path: esbuild is a dev dependency,
 * installed by `npm ci`.
 */
export function lambdaCode(entry: string, bundleFiles: readonly string[] = []): Code {
  return Code.fromAsset(REPO_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: Runtime.NODEJS_22_X.bundlingImage,
      // CDK caches bundling per synth by these options' JSON, which drops `local`: naming the entry
      // and its files here is what keeps each function from getting the first function's bundle.
      environment: { LAMBDA_ENTRY: entry, LAMBDA_BUNDLE_FILES: bundleFiles.join(',') },
      command: ['sh', '-c', 'echo "Lambda bundles are built by the local esbuild: run npm ci first" >&2; exit 1'],
      local: {
        tryBundle(outputDir: string): boolean {
          execFileSync(
            process.execPath,
            ['--import', 'tsx', join(REPO_ROOT, 'infra/aws/bundle-lambda.ts'), join(REPO_ROOT, entry), outputDir],
            { cwd: REPO_ROOT, stdio: 'inherit' },
          );
          for (const f of bundleFiles) copyFileSync(join(REPO_ROOT, f), join(outputDir, basename(f)));
          return true;
        },
      },
    },
  });
}

import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, StorageClass } from 'aws-cdk-lib/aws-s3';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { AUDIT_RETENTION_SECONDS } from '../../shared/adapters/dynamodb/audit-log.js';
import { DataTables } from './constructs/data-tables.js';
import { acknowledge, aws, hipaa, STACK_WIDE } from './nag.js';
import type { StageConfig } from './stages.js';

const AUDIT_RETENTION_DAYS = Math.ceil(AUDIT_RETENTION_SECONDS / 86_400);

/**
 * The stage's state: KMS keys, tables, the documents bucket (and its access logs) and the cursor
 * secret. Deployed first and rarely; production keeps all of it (RETAIN, termination protection)
 * when a stack goes away, so the stateless stack can be replaced or torn down freely.
 */
export class DataStack extends Stack {
  readonly key: Key;
  readonly data: DataTables;
  readonly documents: Bucket;
  readonly cursorSecret: Secret;
  /** Seals webhook signing secrets; only the functions that sign webhooks (and the rotation) may use it. */
  readonly webhookKey: Key;

  constructor(scope: Construct, id: string, props: StackProps & { stage: StageConfig }) {
    super(scope, id, props);
    const { stage } = props;
    const removalPolicy = stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    // Sandbox keys go with the stack (after KMS's 7-day wait); production keeps them with its data.
    const keyProps = {
      enableKeyRotation: true,
      removalPolicy,
      pendingWindow: Duration.days(stage.retainData ? 30 : 7),
    };
    this.key = new Key(this, 'DataKey', { ...keyProps, description: 'Lab test service patient data at rest' });
    // Catalogue and rate limits: public functions use this key, never the patient-data key.
    const referenceKey = new Key(this, 'ReferenceDataKey', {
      ...keyProps,
      description: 'Lab test service reference data (catalogue, rate limits) at rest',
    });
    this.data = new DataTables(this, 'Data', { stage, key: this.key, referenceKey });
    this.webhookKey = new Key(this, 'WebhookSigningKey', { ...keyProps, description: 'Webhook signing secrets' });

    // Every request to the documents bucket (presigned downloads included) is logged here: S3
    // server access logs, SSE-S3 (the only encryption log delivery supports), kept six years.
    const documentsAccessLogs = new Bucket(this, 'DocumentsAccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy,
      autoDeleteObjects: !stage.retainData,
      lifecycleRules: [
        {
          expiration: Duration.days(AUDIT_RETENTION_DAYS),
          noncurrentVersionExpiration: Duration.days(AUDIT_RETENTION_DAYS),
        },
      ],
    });
    acknowledge(
      documentsAccessLogs,
      aws('S1', 'This bucket holds the documents bucket’s access logs; logging it would recurse.'),
      hipaa('S3BucketLoggingEnabled', 'As AwsSolutions-S1: the access-log bucket does not log itself.'),
      hipaa('S3DefaultEncryptionKMS', 'S3 delivers server access logs only to SSE-S3 buckets.'),
      hipaa(
        'S3BucketReplicationEnabled',
        'Access logs stay in the stack’s own region, beside the bucket they describe.',
      ),
    );
    // Requisition and result PDFs: private, KMS-encrypted, TLS only, handed out as signed URLs.
    this.documents = new Bucket(this, 'Documents', {
      serverAccessLogsBucket: documentsAccessLogs,
      serverAccessLogsPrefix: 'documents/',
      encryption: BucketEncryption.KMS,
      encryptionKey: this.key,
      bucketKeyEnabled: true,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      versioned: true,
      removalPolicy,
      autoDeleteObjects: !stage.retainData,
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(30) },
        { transitions: [{ storageClass: StorageClass.INFREQUENT_ACCESS, transitionAfter: Duration.days(90) }] },
      ],
    });
    acknowledge(
      this.documents,
      hipaa(
        'S3BucketReplicationEnabled',
        'Versioned bucket in one region; cross-region replication is a per-deployment decision, not part of the base stack.',
      ),
    );
    // Signs list cursors: functions get its ARN and read the value on first use.
    this.cursorSecret = new Secret(this, 'CursorSecret', {
      encryptionKey: this.key,
      removalPolicy,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(
      this.cursorSecret,
      aws(
        'SMG4',
        'Rotating the cursor secret would invalidate open list cursors; it is rotated by a deploy that replaces it. Follow-up: a two-secret overlap.',
      ),
      hipaa('SecretsManagerRotationEnabled', 'As AwsSolutions-SMG4 for the cursor-signing secret.'),
    );
    acknowledge(this, ...STACK_WIDE);
  }
}

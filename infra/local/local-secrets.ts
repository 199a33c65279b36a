import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalSecrets {
  adminToken: string;
  /** The lab's bearer token for POST /lab/v1/oru (in AWS, an IAM role stands there). */
  labToken: string;
  cursorSecret: string;
  /** Stands in for the KMS key that seals webhook signing secrets (32 bytes, base64url). */
  sealingKey: string;
}

/**
 * Secrets the local runtime makes for itself, kept under DATA_DIR so that tokens and cursors
 * stay valid across a restart. ADMIN_TOKEN from the environment wins.
 */
export function loadLocalSecrets(
  dataDir: string | null,
  adminTokenFromEnv: string | undefined,
  labTokenFromEnv?: string,
): LocalSecrets {
  const file = dataDir ? join(dataDir, 'secrets.json') : null;
  let stored: Partial<LocalSecrets> = {};
  if (file) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    } catch {
      stored = {};
    }
  }
  const secrets: LocalSecrets = {
    adminToken: stored.adminToken ?? `adm_${randomBytes(24).toString('base64url')}`,
    labToken: stored.labToken ?? `lab_${randomBytes(24).toString('base64url')}`,
    cursorSecret: stored.cursorSecret ?? randomBytes(32).toString('base64url'),
    sealingKey: stored.sealingKey ?? randomBytes(32).toString('base64url'),
  };
  if (file) writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return {
    ...secrets,
    adminToken: adminTokenFromEnv ?? secrets.adminToken,
    labToken: labTokenFromEnv ?? secrets.labToken,
  };
}

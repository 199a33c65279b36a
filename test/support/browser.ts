import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Debian's chromium (installed by .ci/run). On a developer machine without it the browser tests are
// skipped with a note; on CI they must run.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`CI needs chromium at ${CHROMIUM} (.ci/run installs it)`);
if (!available) console.warn(`browser test skipped: no chromium at ${CHROMIUM} (apt-get install chromium)`);

export const SHOTS = 'test-results';

/** A headless chromium for one test file (each file launches its own and closes it). */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageHandler } from '../../shared/http/page-handler.js';
import { REFERENCE_SCRIPT } from '../../shared/http/openapi/reference-page.js';
import { SCALAR_STANDALONE } from '../../shared/manifest/http-routes.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = Pick<ServiceDeps, 'logger'>;

// The reference page's scripts, from our own origin: Scalar's browser build (copied beside this
// function's bundle in AWS, read from node_modules locally) and the few lines that mount it. Their
// URLs carry a version, so browsers and caches keep them for a year.
const CACHE = 'public, max-age=31536000, immutable';

let scalar: string | undefined;
function scalarSource(): string {
  if (scalar === undefined) {
    const file = SCALAR_STANDALONE.split('/').pop()!;
    const candidates = [join(import.meta.dirname, file), join(import.meta.dirname, '..', '..', SCALAR_STANDALONE)];
    for (const path of candidates) {
      try {
        scalar = readFileSync(path, 'utf8');
        break;
      } catch {
        // Not there: the next place.
      }
    }
    if (scalar === undefined) throw new Error('The reference renderer is missing from the bundle');
  }
  return scalar;
}

export const makeHandler = (deps: Deps) =>
  pageHandler(deps, async (event) => ({
    statusCode: 200,
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': CACHE,
      'X-Content-Type-Options': 'nosniff',
    },
    body: event.path.endsWith('/reference.js') ? REFERENCE_SCRIPT : scalarSource(),
  }));

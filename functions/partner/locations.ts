import { partnerHandler } from '../../shared/http/partner-handler.js';
import { json, query } from '../../shared/http/respond.js';
import { validationError } from '../../shared/http/errors.js';
import { locationsQuerySchema, parseOrThrow } from '../../shared/http/schemas/partner.js';
import type { ServiceDeps } from '../../shared/app/service-deps.js';
import type { EdgeDeps } from '../../shared/http/middleware.js';

/** What this handler needs from the composition root (its entry in lambdas/ passes them). */
type Deps = EdgeDeps & Pick<ServiceDeps, 'drawSites' | 'geocodeZip'>;

const MESSAGE = 'A query parameter is invalid.';

/**
 * GET /api/v1/locations: draw sites nearest first, each with distanceMiles. A zip takes
 * precedence over lat/lng; radiusMiles (default 50, at most 250) applies in both modes.
 */
export const makeHandler = (deps: Deps) =>
  partnerHandler(deps, async (event) => {
    const raw = query(event);
    // The spec: with a zip, lat and lng are ignored, so a stray or malformed one is no error either.
    const { lat: _lat, lng: _lng, ...withoutCoordinates } = raw;
    const q = parseOrThrow(locationsQuerySchema, raw.zip !== undefined ? withoutCoordinates : raw, MESSAGE);
    let origin: { lat: number; lng: number };
    if (q.zip !== undefined) {
      const place = deps.geocodeZip()(q.zip);
      if (!place) throw validationError({ zip: 'is not a known US ZIP code' }, MESSAGE);
      origin = place;
    } else if (q.lat !== undefined && q.lng !== undefined) {
      origin = { lat: q.lat, lng: q.lng };
    } else if (q.lat !== undefined || q.lng !== undefined) {
      throw validationError(
        { [q.lat === undefined ? 'lat' : 'lng']: 'is required together with the other coordinate' },
        MESSAGE,
      );
    } else {
      throw validationError({ zip: 'zip, or lat and lng together, is required' }, MESSAGE);
    }
    const data = deps.drawSites().search({ ...origin, radiusMiles: q.radiusMiles ?? 50, limit: q.limit ?? 50 });
    return json(200, { data });
  });

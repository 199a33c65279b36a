import { makeHandler } from '../../functions/partner/locations.js';
import { drawSites, edge, geocodeZip } from '../../shared/composition.js';

export const handler = makeHandler({ ...edge, drawSites, geocodeZip });

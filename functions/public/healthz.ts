import type { HttpResult } from '../../shared/http/respond.js';
import { json } from '../../shared/http/respond.js';

export const handler = async (): Promise<HttpResult> => json(200, { status: 'ok' });

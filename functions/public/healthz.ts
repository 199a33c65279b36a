import { type HttpResult, json } from '../../shared/http/respond.js';

export const handler = async (): Promise<HttpResult> => json(200, { status: 'ok' });

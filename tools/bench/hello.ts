// The cold-start baseline: the smallest possible Lambda handler.
export const handler = async () => ({ statusCode: 200, body: 'ok' });

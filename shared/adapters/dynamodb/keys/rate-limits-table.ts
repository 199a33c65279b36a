// Keys of the rate-limits table (no sort key): rl#<client> holds one client's GCRA state.

export const rateLimitKeys = { client: (clientKey: string) => ({ pk: `rl#${clientKey}` }) };

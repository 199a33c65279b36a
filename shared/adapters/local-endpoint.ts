/**
 * An AWS SDK client's settings: pointed at a local runtime's stand-in (with placeholder credentials
 * it ignores) when an endpoint is given, otherwise the SDK's defaults (region and role in AWS).
 */
export function sdkClientConfig(endpoint: string | undefined) {
  return endpoint
    ? { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
    : {};
}

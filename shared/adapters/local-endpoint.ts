/**
 * Every AWS SDK client's settings, in one place. The values a client would otherwise resolve at
 * its first request (environment variables, then ~/.aws/config and ~/.aws/credentials, files a
 * Lambda never has) are given outright: the SDK's own defaults, so nothing changes but about 1.5 ms
 * of each client's cold first request. With an endpoint, the client talks to the local runtime's
 * stand-in (with placeholder credentials it ignores); without one, AWS (the Lambda's region and role).
 */
export function sdkClientConfig(endpoint: string | undefined, credentials = LOCAL_CREDENTIALS) {
  return {
    region: process.env.AWS_REGION ?? 'us-east-1',
    maxAttempts: 3,
    retryMode: 'standard',
    useFipsEndpoint: false,
    useDualstackEndpoint: false,
    defaultsMode: 'legacy' as const,
    authSchemePreference: [] as string[],
    userAgentAppId: noAppId,
    ...(endpoint ? { endpoint, credentials } : {}),
  };
}

const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };
const noAppId = () => Promise.resolve(undefined);

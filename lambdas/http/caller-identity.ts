import type { APIGatewayEventIdentity } from 'aws-lambda';

/**
 * `requestContext.identity` of a REST API event for a call without IAM or Cognito-identity credentials (every
 * call here: tokens travel in the Authorization header): only the caller's address and user agent are set.
 */
export function callerIdentity(sourceIp: string, userAgent: string | null): APIGatewayEventIdentity {
  return {
    accessKey: null,
    accountId: null,
    apiKey: null,
    apiKeyId: null,
    caller: null,
    clientCert: null,
    cognitoAuthenticationProvider: null,
    cognitoAuthenticationType: null,
    cognitoIdentityId: null,
    cognitoIdentityPoolId: null,
    principalOrgId: null,
    sourceIp,
    user: null,
    userAgent,
    userArn: null,
  };
}

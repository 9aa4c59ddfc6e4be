import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AccountRecovery, FeaturePlan, Mfa, UserPool } from 'aws-cdk-lib/aws-cognito';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '@wayfarer/shared/constants';
import { secretIdOf } from '../area-access';
import { secretKeys } from '../function-environment';
import type { StageConfig } from '../stage-config';

export interface AuthStackProps extends StackProps {
  readonly stage: StageConfig;
}

/**
 * Cognito identities: the user pool with docs/SPEC.md §5's password policy, and its one app client, which only
 * the auth functions can use (docs/DESIGN.md §9, "Cognito"): self sign-up is off (accounts are made with
 * AdminCreateUser), the only password flow is the admin one (IAM-signed AdminInitiateAuth), and the client is
 * confidential, its secret in Secrets Manager for the auth functions alone. Whoever reads the client id from a
 * token can call neither SignUp nor InitiateAuth with it.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** `{"COGNITO_CLIENT_SECRET": ...}`, the client's secret as Cognito generated it (docs/OPERATIONS.md rotates it). */
  readonly clientSecret: Secret;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const removalPolicy = stage.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `wayfarer-${stage.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      // The auth functions register travellers (AdminCreateUser), after our own per-viewer and per-address limits.
      selfSignUpEnabled: false,
      standardAttributes: { email: { required: true, mutable: true } },
      // docs/SPEC.md §5: at least 8 characters with a lower-case letter, an upper-case letter, a digit and a symbol.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      // Password resets use the app's own single-use tokens (docs/ENGINES.md), not Cognito's mailed codes.
      accountRecovery: AccountRecovery.NONE,
      mfa: Mfa.OFF,
      featurePlan: FeaturePlan.LITE,
      deletionProtection: stage.isProduction,
      removalPolicy,
    });

    this.userPoolClient = this.userPool.addClient('AppClient', {
      userPoolClientName: `wayfarer-${stage.stage}-app`,
      // ALLOW_ADMIN_USER_PASSWORD_AUTH and ALLOW_REFRESH_TOKEN_AUTH (which CDK adds): no public password or SRP
      // flow (APP_CLIENT_AUTH_FLOWS in lambdas/adapters/aws/cognito-identity.ts; the template test compares).
      authFlows: { adminUserPassword: true },
      generateSecret: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // CDK reads the generated secret back (DescribeUserPoolClient, in a custom resource that hides its response
    // in its logs) and CloudFormation writes it here; the template holds only the reference, never the value.
    this.clientSecret = new Secret(this, 'AppClientSecret', {
      secretName: secretIdOf(stage.stage, 'cognitoClient'),
      description: `Wayfarer ${stage.stage} app client secret: JSON with ${secretKeys.cognitoClient.join(', ')}`,
      secretObjectValue: { [secretKeys.cognitoClient[0]]: this.userPoolClient.userPoolClientSecret },
      removalPolicy,
    });
  }
}

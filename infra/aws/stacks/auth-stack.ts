import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { AccountRecovery, FeaturePlan, Mfa, UserPool, UserPoolOperation } from 'aws-cdk-lib/aws-cognito';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '@wayfarer/shared/constants';
import type { StageConfig } from '../stage-config';

export interface AuthStackProps extends StackProps {
  readonly stage: StageConfig;
  readonly logRetention: RetentionDays;
}

/*
 * Sign-up confirms the user at once: docs/SPEC.md's register call answers with a session, and there is no e-mail
 * verification step in the product. It is five lines with no dependencies and no domain logic, so it is
 * inline code rather than a bundled handler.
 */
const AUTO_CONFIRM_SOURCE = `exports.handler = async (event) => {
  event.response.autoConfirmUser = true;
  if (event.request.userAttributes && event.request.userAttributes.email) event.response.autoVerifyEmail = true;
  return event;
};`;

/** Cognito identities: the user pool with docs/SPEC.md §5's password policy, the app client, auto-confirm. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { stage } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      userPoolName: `wayfarer-${stage.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
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
      removalPolicy: stage.isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    const autoConfirm = new LambdaFunction(this, 'PreSignUpAutoConfirm', {
      description: 'Wayfarer Cognito pre-sign-up: confirm at once',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      code: Code.fromInline(AUTO_CONFIRM_SOURCE),
      memorySize: 128,
      timeout: Duration.seconds(5),
      logGroup: new LogGroup(this, 'PreSignUpLogs', {
        retention: props.logRetention,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, autoConfirm);

    this.userPoolClient = this.userPool.addClient('AppClient', {
      userPoolClientName: `wayfarer-${stage.stage}-app`,
      // The Lambdas sign users in with USER_PASSWORD_AUTH and refresh with REFRESH_TOKEN_AUTH (always on).
      authFlows: { userPassword: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
  }
}

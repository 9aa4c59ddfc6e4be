import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@wayfarer/shared/constants';
import { readStageConfig } from '../stage-config';
import { AuthStack } from './auth-stack';

const app = new App();
const auth = Template.fromStack(
  new AuthStack(app, 'Auth', { stage: readStageConfig(app.node), logRetention: RetentionDays.ONE_MONTH }),
);

describe('auth stack', () => {
  it('enforces docs/SPEC.md §5 password rules: minimum length, lower, upper, digit and symbol', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: PASSWORD_MIN_LENGTH,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
      UsernameAttributes: ['email'],
    });
  });

  it('confirms sign-ups through a pre-sign-up trigger', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: { PreSignUp: Match.anyValue() },
    });
    const [fn] = Object.values(auth.findResources('AWS::Lambda::Function')) as {
      Properties: { Code: { ZipFile: string }; Runtime: string };
    }[];
    expect(fn?.Properties.Code.ZipFile).toContain('autoConfirmUser = true');
    expect(fn?.Properties.Runtime).toBe('nodejs22.x');
  });

  it('has a public app client for password sign-in and refresh, without a secret', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
    });
  });
});

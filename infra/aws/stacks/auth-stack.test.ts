import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeTable } from '@wayfarer/shared/api/route-table';
import { PASSWORD_MIN_LENGTH } from '@wayfarer/shared/constants';
import { APP_CLIENT_AUTH_FLOWS } from '@wayfarer/lambdas/adapters/aws/cognito-identity';
import { constructIdFor, USER_POOL_ADMIN_ACTIONS } from '../constructs/area-function';
import { resourcesOfType, synthWayfarer } from '../testing/synth-wayfarer';

const { templates } = synthWayfarer();
const { auth, api } = templates;

interface Statement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
}

const asList = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/** Every statement of the template's IAM policies, with the logical ids of the roles it is attached to. */
function policyStatements(template: typeof api): { roles: string[]; statement: Statement }[] {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).flatMap((policy) => {
    const properties = policy.Properties as {
      PolicyDocument: { Statement: Statement[] };
      Roles?: { Ref: string }[];
    };
    const roles = (properties.Roles ?? []).map((role) => role.Ref);
    return properties.PolicyDocument.Statement.map((statement) => ({ roles, statement }));
  });
}

/** The construct-id prefixes of the auth area's functions (api stack), from the route table. */
// The account area checks the password with a sign-in and deletes the user, through the same adapter.
const authFunctionPrefixes = routeTable
  .filter((route) => route.handler.area === 'auth' || route.handler.area === 'account')
  .map((route) => constructIdFor(route.id));

describe('auth stack: nobody but the auth functions can use the app client (docs/DESIGN.md §9)', () => {
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

  it('has self sign-up off: only an admin call creates an account, and no sign-up trigger is left', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: Match.objectLike({ AllowAdminCreateUserOnly: true }),
    });
    const [pool] = Object.values(resourcesOfType(auth, 'AWS::Cognito::UserPool'));
    expect(pool?.Properties?.LambdaConfig).toBeUndefined();
  });

  it('has a confidential app client offering exactly the flows the identity adapter uses', () => {
    const clients = Object.values(resourcesOfType(auth, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    const properties = clients[0]?.Properties ?? {};
    expect(properties.GenerateSecret).toBe(true);
    expect([...(properties.ExplicitAuthFlows as string[])].sort()).toEqual([...APP_CLIENT_AUTH_FLOWS].sort());
    // No public password or SRP flow.
    expect(properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_PASSWORD_AUTH');
    expect(properties.ExplicitAuthFlows).not.toContain('ALLOW_USER_SRP_AUTH');
    expect(properties.PreventUserExistenceErrors).toBe('ENABLED');
    expect(properties.EnableTokenRevocation).toBe(true);
  });

  it('keeps the client secret in Secrets Manager, written from a reference, never as a value in the template', () => {
    const secrets = Object.values(resourcesOfType(auth, 'AWS::SecretsManager::Secret'));
    const clientSecret = secrets.find((secret) =>
      JSON.stringify(secret.Properties?.Name).includes('/cognito-client'),
    );
    expect(clientSecret).toBeDefined();
    const value = JSON.stringify(clientSecret?.Properties?.SecretString);
    expect(value).toContain('COGNITO_CLIENT_SECRET');
    expect(value).toContain('Fn::GetAtt');
    // CDK's read-back of the generated secret may only describe this pool's clients.
    const describes = policyStatements(auth).filter(({ statement }) =>
      asList(statement.Action).some((action) => action.startsWith('cognito-idp:')),
    );
    expect(describes.map(({ statement }) => statement.Action)).toEqual([
      'cognito-idp:DescribeUserPoolClient',
    ]);
    expect(JSON.stringify(describes[0]?.statement.Resource)).toContain('UserPool');
  });

  it('grants the admin calls, on the pool only, and the client secret to the auth functions alone', () => {
    const isAuthRole = (role: string) => authFunctionPrefixes.some((prefix) => role.startsWith(prefix));

    const cognito = policyStatements(api).filter(({ statement }) =>
      asList(statement.Action).some((action) => action.startsWith('cognito-idp:')),
    );
    expect(cognito.length).toBe(authFunctionPrefixes.length);
    for (const { roles, statement } of cognito) {
      expect(roles.length).toBeGreaterThan(0);
      expect(roles.every(isAuthRole), roles.join()).toBe(true);
      expect([...asList(statement.Action)].sort()).toEqual([...USER_POOL_ADMIN_ACTIONS].sort());
      expect(JSON.stringify(statement.Resource)).toMatch(/UserPool.*Arn/);
    }

    const secretReaders = policyStatements(api).filter(
      ({ statement }) =>
        asList(statement.Action).includes('secretsmanager:GetSecretValue') &&
        JSON.stringify(statement.Resource).includes('AppClientSecret'),
    );
    expect(secretReaders.length).toBe(authFunctionPrefixes.length);
    for (const { roles } of secretReaders) expect(roles.every(isAuthRole), roles.join()).toBe(true);

    // The secret reaches a function through SECRET_ARNS and the secrets extension, never as a variable.
    for (const fn of Object.values(resourcesOfType(api, 'AWS::Lambda::Function'))) {
      const variables = (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)
        ?.Variables;
      expect(variables ?? {}).not.toHaveProperty('COGNITO_CLIENT_SECRET');
    }
  });
});

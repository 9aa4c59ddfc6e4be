import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import type { HandlerArea } from '@wayfarer/shared/api/route-types';
import { eventRules, RATE_REFRESH_HANDLER } from '@wayfarer/shared/events';
import { INDEX_PARTITIONS, TABLE_PARTITIONS } from '@wayfarer/lambdas/adapters/aws/table-keys';
import { accessForArea } from './area-access';
import {
  LEADING_KEYS,
  LEADING_KEYS_OPERATOR,
  TABLE_COUNTER_ACTIONS,
  TABLE_DESCRIBE_ACTIONS,
  TABLE_READ_ACTIONS,
  TABLE_WRITE_ACTIONS,
  USER_POOL_ADMIN_ACTIONS,
} from './constructs/area-function';
import { repositoryRoot } from './lambda-bundling';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

const { templates } = synthWayfarer({ context: { mailFrom: 'Wayfarer <no-reply@mail.example.com>' } });

interface Statement {
  readonly Effect: string;
  readonly Action?: string | string[];
  readonly Resource?: unknown;
  readonly Condition?: Record<string, Record<string, string | string[]>>;
}

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Every inline statement: IAM policies, roles' embedded policies, SQS and S3 resource policies. */
function statements(): { where: string; statement: Statement }[] {
  const found: { where: string; statement: Statement }[] = [];
  for (const [stackName, template] of Object.entries(templates)) {
    for (const [logicalId, resource] of Object.entries(
      template.toJSON().Resources as Record<string, { Properties?: Record<string, unknown> }>,
    )) {
      const properties = resource.Properties ?? {};
      const documents = [
        properties.PolicyDocument,
        ...asList(properties.Policies as { PolicyDocument: unknown }[] | undefined).map(
          (policy) => policy.PolicyDocument,
        ),
      ];
      for (const document of documents) {
        for (const statement of asList((document as { Statement?: Statement[] } | undefined)?.Statement)) {
          found.push({ where: `${stackName}/${logicalId}`, statement });
        }
      }
    }
  }
  return found;
}

describe('IAM across all stacks', () => {
  it('has policies to check', () => {
    expect(statements().length).toBeGreaterThan(20);
  });

  it('grants no wildcard action on a wildcard resource', () => {
    const offenders = statements().filter(({ statement }) => {
      if (statement.Effect !== 'Allow') return false;
      const wildcardAction = asList(statement.Action).some(
        (action) => action === '*' || action.endsWith(':*'),
      );
      const wildcardResource = asList(statement.Resource).some((resource) => resource === '*');
      return wildcardAction && wildcardResource;
    });
    expect(offenders).toEqual([]);
  });

  it('lets only the mail consumers (password reset, e-mail verification, goodbye) send mail, and only as the MAIL_FROM identity', () => {
    const mail = statements().filter(({ statement }) => asList(statement.Action).includes('ses:SendEmail'));
    expect(mail.length).toBeGreaterThan(0);
    for (const { where, statement } of mail) {
      expect(where).toMatch(
        /^events\/Mail(PasswordResetRequested|EmailVerificationRequested|AccountDeleted)/,
      );
      expect(JSON.stringify(statement.Resource)).toContain('identity/mail.example.com');
    }
  });

  it('lets only the analytics area read the admin password hash', () => {
    const readers = statements().filter(
      ({ statement }) =>
        asList(statement.Action).includes('secretsmanager:GetSecretValue') &&
        JSON.stringify(statement.Resource).includes('AdminPasswordHash'),
    );
    expect(readers.length).toBeGreaterThan(0);
    for (const { where } of readers) expect(where).toMatch(/^api\/Analytics/);
  });

  it('grants no action at all on every service ("*")', () => {
    const everything = statements().filter(({ statement }) => asList(statement.Action).includes('*'));
    expect(everything).toEqual([]);
  });

  it('grants exactly the Cognito admin calls the identity adapter makes, and only to the auth and account areas', () => {
    const adapter = readFileSync(join(repositoryRoot, 'lambdas/adapters/aws/cognito-identity.ts'), 'utf8');
    const calls = [...new Set([...adapter.matchAll(/new (Admin\w+)Command\(/g)].map((match) => match[1]))];
    expect([...USER_POOL_ADMIN_ACTIONS].sort()).toEqual(calls.map((call) => `cognito-idp:${call}`).sort());

    const granted = statements().filter(({ statement }) =>
      asList(statement.Action).some((action) => action.startsWith('cognito-idp:')),
    );
    expect(granted.length).toBeGreaterThan(0);
    for (const { where, statement } of granted) {
      // Besides the auth area: CDK's read-back of the app client's generated secret, into Secrets Manager.
      if (where.startsWith('auth/')) {
        expect(statement.Action).toBe('cognito-idp:DescribeUserPoolClient');
      } else {
        expect(where).toMatch(/^api\/(Auth|Account)/);
      }
      expect(JSON.stringify(statement.Resource)).not.toBe('"*"');
    }
  });

  it('grants exactly the DynamoDB calls the adapters make, on the table and its named index only', () => {
    // The IAM action behind each document-client command; TransactWrite needs its parts' own actions.
    const actionOf: Record<string, readonly string[]> = {
      Get: ['dynamodb:GetItem'],
      Put: ['dynamodb:PutItem'],
      Update: ['dynamodb:UpdateItem'],
      Delete: ['dynamodb:DeleteItem'],
      Query: ['dynamodb:Query'],
      DescribeTable: ['dynamodb:DescribeTable'],
      TransactWrite: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
    };
    const folder = join(repositoryRoot, 'lambdas/adapters/aws');
    const source = readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.includes('.test.'))
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .join('\n');
    const dynamoCommands = new Set(
      [...source.matchAll(/new (\w+)Command\(/g)]
        .map((match) => match[1] ?? '')
        .filter((name) =>
          /^(Get|Put|Update|Delete|Query|Scan|DescribeTable|TransactWrite|TransactGet|Batch\w+)$/.test(name),
        ),
    );
    for (const command of dynamoCommands) expect(actionOf, `${command}Command`).toHaveProperty(command);
    const used = new Set([...dynamoCommands].flatMap((command) => actionOf[command] ?? []));
    expect([...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS, ...TABLE_DESCRIBE_ACTIONS].sort()).toEqual(
      [...used].sort(),
    );

    const granted = statements().filter(({ statement }) =>
      asList(statement.Action).some((action) => action.startsWith('dynamodb:')),
    );
    expect(granted.length).toBeGreaterThan(20);
    for (const { where, statement } of granted) {
      expect(JSON.stringify(statement.Resource), where).not.toContain('*');
    }
  });

  it("confines every function's table grant to its area's partitions (dynamodb:LeadingKeys), none left table-wide", () => {
    const areaOf = new Map<string, HandlerArea>([
      ...routes.map((route) => [route.id, route.handler.area] as const),
      ...eventRules.map((rule) => [rule.consumer.id, rule.consumer.area] as const),
      [RATE_REFRESH_HANDLER.id, RATE_REFRESH_HANDLER.area],
    ]);
    const pattern = (partition: string) => (partition.endsWith('#') ? `${partition}*` : partition);
    /** A statement as compared: actions, where (the table or its index), and the partitions it allows. */
    const shape = (statement: Statement) => {
      const resource = JSON.stringify(statement.Resource);
      const operators = Object.keys(statement.Condition ?? {});
      return {
        actions: asList(statement.Action).sort(),
        on: resource.includes('/index/gsi1') ? 'gsi1' : 'table',
        operators,
        leadingKeys: asList(statement.Condition?.[LEADING_KEYS_OPERATOR]?.[LEADING_KEYS]).sort(),
      };
    };
    let checked = 0;
    for (const stack of ['api', 'events'] as const) {
      const template = templates[stack];
      const policies = Object.values(resourcesOfType(template, 'AWS::IAM::Policy')).map(
        (policy) => policy.Properties ?? {},
      );
      for (const fn of Object.values(resourcesOfType(template, 'AWS::Lambda::Function'))) {
        const handlerId = /^Wayfarer (.+)$/.exec(String(fn.Properties?.Description ?? ''))?.[1];
        // CDK's own functions (log retention, custom resources) hold no table grant: the last test checks all.
        if (handlerId === undefined) continue;
        const area = areaOf.get(handlerId);
        expect(area, handlerId).toBeDefined();
        const role = (fn.Properties?.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
        const actual = policies
          .filter((policy) => JSON.stringify(policy.Roles).includes(`"${role}"`))
          .flatMap((policy) => asList((policy.PolicyDocument as { Statement: Statement[] }).Statement))
          .filter((statement) => asList(statement.Action).some((action) => action.startsWith('dynamodb:')))
          .map(shape);
        const access = accessForArea(area as HandlerArea).table;
        const expected =
          access === 'none'
            ? []
            : access === 'describe'
              ? // The health check's DescribeTable names no item: the one grant without the condition.
                [{ actions: ['dynamodb:DescribeTable'], on: 'table', operators: [], leadingKeys: [] }]
              : [
                  {
                    actions: [
                      ...TABLE_READ_ACTIONS,
                      ...(access.access === 'readWrite' ? TABLE_WRITE_ACTIONS : []),
                    ].sort(),
                    on: 'table',
                    operators: [LEADING_KEYS_OPERATOR],
                    leadingKeys: TABLE_PARTITIONS.filter((p) => access.partitions.includes(p))
                      .map(pattern)
                      .sort(),
                  },
                  ...((access.counters ?? []).length === 0
                    ? []
                    : [
                        {
                          actions: TABLE_COUNTER_ACTIONS,
                          on: 'table',
                          operators: [LEADING_KEYS_OPERATOR],
                          leadingKeys: TABLE_PARTITIONS.filter((p) => access.counters?.includes(p))
                            .map(pattern)
                            .sort(),
                        },
                      ]),
                  ...((access.index ?? []).length === 0
                    ? []
                    : [
                        {
                          actions: ['dynamodb:Query'],
                          on: 'gsi1',
                          operators: [LEADING_KEYS_OPERATOR],
                          leadingKeys: INDEX_PARTITIONS.filter((p) => access.index?.includes(p))
                            .map(pattern)
                            .sort(),
                        },
                      ]),
                ];
        expect(actual, `${handlerId} (${area})`).toEqual(expected);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(20);

    // Everywhere else too: a dynamodb grant is either confined to partitions or the health check's DescribeTable.
    for (const { where, statement } of statements()) {
      if (!asList(statement.Action).some((action) => action.startsWith('dynamodb:'))) continue;
      const confined = statement.Condition?.[LEADING_KEYS_OPERATOR]?.[LEADING_KEYS] !== undefined;
      const describeOnly =
        JSON.stringify(asList(statement.Action)) === JSON.stringify(TABLE_DESCRIBE_ACTIONS);
      expect(confined || describeOnly, where).toBe(true);
    }
  });
});

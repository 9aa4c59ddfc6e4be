import { Validations, type App } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { WayfarerStacks } from './wayfarer-app';

/*
 * Findings of the AWS Solutions checks (cdk-nag, run by aws-solutions-checks.test.ts) that were reviewed and
 * are kept, each with its reason and on the narrowest construct that raises it: the same finding anywhere
 * else still fails the test. Fix a new finding, or add it here with a reason a reviewer can weigh.
 */

const rule = (id: string) => `AwsSolutions::AwsSolutions-${id}`;

function acknowledge(scope: IConstruct, findings: Record<string, string>): void {
  for (const [id, reason] of Object.entries(findings))
    Validations.of(scope).acknowledge({ id: rule(id), reason });
}

export function acknowledgeReviewedFindings(app: App, stacks: Omit<WayfarerStacks, 'config'>): void {
  acknowledge(app, {
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
      'Each Lambda writes its own logs through this managed policy; every other grant is an inline, ' +
      'per-area statement on named resources (area-access.ts, constructs/area-function.ts).',
    L1:
      'nodejs22.x is a supported runtime, chosen on purpose: the bundles target node22 and the repository ' +
      'runs on Node 20+ (lambda-bundling.ts). Move the two together.',
  });
  acknowledge(stacks.data, {
    SMG4:
      'Provider, Stripe and admin secrets are issued by those services and rotated by the operator there. ' +
      'The generated IP-hash key and origin-verify value have no rotation schedule: a new IP-hash key resets ' +
      'every anonymous allowance, a new origin-verify value needs the Api and Web stacks redeployed.',
  });
  acknowledge(stacks.auth.userPool, {
    COG2: 'docs/SPEC.md: accounts are e-mail and password; MFA is not part of the product.',
    COG8:
      'Cognito Lite: threat protection is a paid plan. Password guessing is limited by the app itself ' +
      '(per-e-mail and per-IP attempt limits, lambdas/functions/auth/attempt-limits.ts).',
  });
  acknowledge(stacks.events, {
    SQS3: 'Every queue in this stack is a dead-letter queue itself (constructs/reliable-target.ts).',
  });
  acknowledge(stacks.api, {
    'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]':
      "API Gateway's account-level role for writing the stage's access logs: the managed policy is the " +
      'documented way to give it.',
  });
  acknowledge(stacks.api.api, {
    APIG2:
      'Requests are validated in each Lambda by the zod schemas the frontend uses (shared/api), with 422 ' +
      'naming the field; a second, drifting copy as API Gateway models would add nothing.',
    APIG4:
      'Most routes admit anonymous callers with a daily allowance (docs/SPEC.md §6), so tokens are verified in the ' +
      'Lambda (aws-jwt-verify, lambdas/http/authenticate.ts), and a required route answers 401 without one.',
    COG4: 'As APIG4: the Cognito token is verified in the Lambda, since most routes also admit anonymous callers.',
    APIG6:
      'Execution logging would write request and response data to CloudWatch; voice, text and images are never ' +
      'logged (docs/SPEC.md §1). Access logs (without IPs) and the Lambdas’ own logs are on.',
  });
  acknowledge(stacks.web.bucket, {
    S1: 'Holds only the built SPA and locales, read by CloudFront alone (origin access control).',
  });
  acknowledge(stacks.web.distribution, {
    CFR1: 'Travellers use it from every country: no geographic restriction.',
    CFR2:
      'The API behind /api/* has its own web ACL (constructs/api-firewall.ts); the static site needs none, and a ' +
      'second ACL costs a fixed monthly fee.',
    CFR3: 'CloudFront access logs hold every viewer IP; the app keeps no IPs (docs/DESIGN.md §4), so they stay off.',
  });
}

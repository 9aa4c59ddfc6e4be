import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { synthWayfarer } from './testing/synth-wayfarer';

// cdk-nag's AWS Solutions rule pack over every stack, for a production stage with every optional part on. A
// finding fails synthesis; the kept ones are acknowledged, each with its reason, in reviewed-findings.ts.

describe('AWS Solutions checks (cdk-nag)', () => {
  // Six stacks through every rule: seconds of CPU, more on a loaded machine.
  it('find nothing that was not reviewed, in any stack', { timeout: 60_000 }, () => {
    expect(() =>
      synthWayfarer({
        context: {
          stage: 'prod',
          mailFrom: 'Wayfarer <no-reply@mail.example.com>',
          alarmEmail: 'oncall@example.com',
          domainName: 'app.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        },
        plugins: (app) => [new AwsSolutionsChecks(app)],
      }),
    ).not.toThrow();
  });
});

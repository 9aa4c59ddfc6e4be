import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

// Every alarm mails the Data stack's topic (docs/OPERATIONS.md, "Alarms"); without alarmEmail nobody is subscribed.

const withoutEmail = synthWayfarer({ context: { stage: 'prod' } });
const withEmail = synthWayfarer({ context: { stage: 'prod', alarmEmail: 'oncall@example.com' } });

const missingEmail = Match.stringLikeRegexp('No alarmEmail context value');

describe('the alarm e-mail', () => {
  it('without alarmEmail: the topic has no subscriber and synth warns on the Data stack that alarms reach nobody', () => {
    expect(resourcesOfType(withoutEmail.templates.data, 'AWS::SNS::Subscription')).toEqual({});
    const warnings = Annotations.fromStack(withoutEmail.stacks.data).findWarning('*', missingEmail);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0]?.entry.data)).toMatch(/reaches nobody.*-c alarmEmail=/);
  });

  it('with alarmEmail: the topic mails it and nothing warns', () => {
    withEmail.templates.data.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@example.com',
    });
    Annotations.fromStack(withEmail.stacks.data).hasNoWarning('*', missingEmail);
  });
});

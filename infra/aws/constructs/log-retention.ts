import { CfnResource, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/**
 * Every function of the stack logs to a group whose logs expire. Ours get one from HandlerFunction; the ones
 * the CDK adds for itself (the S3 auto-delete provider, the asset deployment) would log to a group Lambda
 * creates on first use and keeps forever: each gets a group of its own with the stage's retention, named in
 * its LoggingConfig. The group is deleted with the stack, after the function (the function refers to it).
 */
export function expireEveryFunctionsLogs(stack: Stack, retention: RetentionDays): void {
  const unconfigured = stack.node
    .findAll()
    .filter(
      (child): child is CfnResource =>
        child instanceof CfnResource &&
        child.cfnResourceType === 'AWS::Lambda::Function' &&
        !(child instanceof CfnFunction && child.loggingConfig !== undefined),
    );
  for (const fn of unconfigured) {
    const scope = fn.node.scope instanceof Construct ? fn.node.scope : stack;
    const group = new LogGroup(scope, `${fn.node.id}Logs`, {
      retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    fn.addPropertyOverride('LoggingConfig.LogGroup', group.logGroupName);
  }
}

/**
 * Replays the events waiting in a stage's dead-letter queues (docs/OPERATIONS.md, "Replay the dead-letter
 * queues"): each message goes back to the consumer it failed in, with the original event (same id, so the
 * consumer's idempotency marks hold and nothing is counted twice), and is deleted only once that consumer
 * succeeds. A message that fails again stays in its queue for the next try; one the script cannot read is left
 * alone and reported.
 *
 *   npm run ops:replay-dead-letters -- --stage prod [--dry-run] [--max 500]
 *
 * Two shapes reach the queues (constructs/reliable-target.ts): Lambda's on-failure destination record (the
 * event in `requestPayload`, the function in `requestContext.functionArn`), and EventBridge's own dead letter
 * (the event as the body, the function in the TARGET_ARN message attribute).
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ListQueuesCommand,
  ReceiveMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { stackPrefix } from '../aws/constructs/observability';

export interface DeadLetter {
  readonly queueUrl: string;
  readonly receiptHandle: string;
  readonly body: string;
  readonly attributes: Readonly<Record<string, string>>;
}

export interface Replay {
  /** The consumer function, without a version qualifier. */
  readonly functionArn: string;
  /** The original EventBridge event, as the consumer first received it. */
  readonly event: { readonly id: string; readonly 'detail-type': string } & Record<string, unknown>;
}

/** What a dead letter says: which function failed on which event; undefined for anything else. */
export function replayOf(letter: Pick<DeadLetter, 'body' | 'attributes'>): Replay | undefined {
  let body: unknown;
  try {
    body = JSON.parse(letter.body);
  } catch {
    return undefined;
  }
  const record = body as {
    requestContext?: { functionArn?: unknown };
    requestPayload?: unknown;
  };
  const isEvent = (value: unknown): value is Replay['event'] =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { id?: unknown }).id === 'string' &&
    typeof (value as { 'detail-type'?: unknown })['detail-type'] === 'string';
  const unqualified = (arn: string) => arn.replace(/:(\$LATEST|\d+)$/, '');
  if (typeof record.requestContext?.functionArn === 'string' && isEvent(record.requestPayload)) {
    return { functionArn: unqualified(record.requestContext.functionArn), event: record.requestPayload };
  }
  const target = letter.attributes['TARGET_ARN'];
  if (target?.startsWith('arn:') && target.includes(':function:') && isEvent(body)) {
    return { functionArn: unqualified(target), event: body };
  }
  return undefined;
}

export interface DeadLetterPorts {
  queueUrls(prefix: string): Promise<string[]>;
  /** Up to 10 letters, hidden from other readers for a while. */
  receive(queueUrl: string): Promise<DeadLetter[]>;
  delete(letter: DeadLetter): Promise<void>;
  /** Makes a letter visible again at once (dry run, unreadable letters). */
  release(letter: DeadLetter): Promise<void>;
  /** Runs the function on the event and waits; false when the function failed. */
  invoke(replay: Replay): Promise<boolean>;
}

export interface ReplayReport {
  readonly queues: number;
  readonly replayed: number;
  readonly failedAgain: number;
  readonly unreadable: number;
  readonly byEvent: Readonly<Record<string, number>>;
}

export async function replayDeadLetters(
  ports: DeadLetterPorts,
  options: { readonly stage: string; readonly dryRun?: boolean; readonly max?: number },
): Promise<ReplayReport> {
  const queues = await ports.queueUrls(`${stackPrefix(options.stage)}-Events`);
  const max = options.max ?? 500;
  let replayed = 0;
  let failedAgain = 0;
  let unreadable = 0;
  const byEvent: Record<string, number> = {};
  for (const queueUrl of queues) {
    // A letter that fails again or is left alone stays hidden until its visibility ends, so each pass sees
    // each letter once; the loop ends when the queue answers nothing new.
    for (;;) {
      if (replayed + failedAgain + unreadable >= max) break;
      const letters = await ports.receive(queueUrl);
      if (letters.length === 0) break;
      for (const letter of letters) {
        const replay = replayOf(letter);
        if (replay === undefined) {
          unreadable++;
          continue;
        }
        const name = replay.event['detail-type'];
        if (options.dryRun) {
          byEvent[name] = (byEvent[name] ?? 0) + 1;
          replayed++;
          await ports.release(letter);
          continue;
        }
        if (await ports.invoke(replay)) {
          await ports.delete(letter);
          byEvent[name] = (byEvent[name] ?? 0) + 1;
          replayed++;
        } else {
          failedAgain++;
        }
      }
      if (options.dryRun) break;
    }
  }
  return { queues: queues.length, replayed, failedAgain, unreadable, byEvent };
}

/** The ports over the real SQS and Lambda APIs, with the caller's credentials and region. */
export function awsDeadLetterPorts(sqs = new SQSClient({}), lambda = new LambdaClient({})): DeadLetterPorts {
  return {
    async queueUrls(prefix) {
      const urls: string[] = [];
      let NextToken: string | undefined;
      do {
        const page = await sqs.send(new ListQueuesCommand({ QueueNamePrefix: prefix, NextToken }));
        urls.push(...(page.QueueUrls ?? []));
        NextToken = page.NextToken;
      } while (NextToken);
      return urls;
    },
    async receive(queueUrl) {
      const { Messages = [] } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 1,
          VisibilityTimeout: 120,
          MessageAttributeNames: ['All'],
        }),
      );
      return Messages.map((message) => ({
        queueUrl,
        receiptHandle: message.ReceiptHandle ?? '',
        body: message.Body ?? '',
        attributes: Object.fromEntries(
          Object.entries(message.MessageAttributes ?? {}).map(([name, value]) => [
            name,
            value.StringValue ?? '',
          ]),
        ),
      }));
    },
    async delete(letter) {
      await sqs.send(
        new DeleteMessageCommand({ QueueUrl: letter.queueUrl, ReceiptHandle: letter.receiptHandle }),
      );
    },
    async release(letter) {
      await sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: letter.queueUrl,
          ReceiptHandle: letter.receiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    },
    async invoke(replay) {
      const answer = await lambda.send(
        new InvokeCommand({
          FunctionName: replay.functionArn,
          InvocationType: 'RequestResponse',
          Payload: new TextEncoder().encode(JSON.stringify(replay.event)),
        }),
      );
      return answer.FunctionError === undefined && (answer.StatusCode ?? 500) < 300;
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { stage: { type: 'string' }, 'dry-run': { type: 'boolean' }, max: { type: 'string' } },
  });
  if (!values.stage) {
    console.error('usage: npm run ops:replay-dead-letters -- --stage <stage> [--dry-run] [--max <n>]');
    process.exit(2);
  }
  const report = await replayDeadLetters(awsDeadLetterPorts(), {
    stage: values.stage,
    dryRun: values['dry-run'] ?? false,
    ...(values.max ? { max: Number(values.max) } : {}),
  });
  console.log(JSON.stringify(report, null, 2));
  if (report.failedAgain > 0 || report.unreadable > 0) process.exitCode = 1;
}

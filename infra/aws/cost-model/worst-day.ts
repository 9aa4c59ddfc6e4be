/**
 * The worst day: the most one attacker can cost in a day, per route class, when a script calls every route at
 * every limit the code sets, all day. Every limit is read from the code that enforces it (the per-viewer rate
 * classes, the daily ceilings, the speech allowances, the answer caps, the registration limit, the aggregate
 * ceilings); WORST_DAY below holds the few figures that are not limits, each stated. docs/OPERATIONS.md carries the
 * table (`npm run cost-model`).
 *
 * One attacker is one viewer group (an IPv4 address, or an IPv6 /64: the edge, the local gateway and the functions
 * all group a /64 as one caller, `viewerGroup`), so one address and one /64 cost the same; a botnet of 1,000
 * addresses is 1,000 viewer groups, bounded together by the ceilings on all callers (API Gateway's method throttles,
 * the streaming functions' concurrency, the relay's sockets). Each viewer group also holds the free accounts it
 * could make at the registration limit over WORST_DAY.accountDays: each brings its own speech allowance, while their
 * text ceilings together are held by the group's pool.
 * Paid accounts are left out (the attacker pays for each) but for photos, which only subscribers can send: that row
 * is per subscriber account.
 */
import { VIEWER_RATE_LIMITS, type ViewerRateLimit } from '@wayfarer/shared/api/rate-limits';
import type { RateLimitClass } from '@wayfarer/shared/api/route-types';
import { MAX_TEXT_CHARS } from '@wayfarer/shared/api/common';
import { ANALYSIS_CALL_MIN_CHARACTERS, DAILY_CEILINGS, SPEECH_ALLOWANCE_SECONDS } from '@wayfarer/shared/constants';
import { ANSWER_SIZING } from '@wayfarer/lambdas/adapters/cloud/answer-caps';
import { ACCOUNTS_PER_VIEWER_GROUP, ATTEMPT_LIMITS } from '@wayfarer/lambdas/domain/attempt-limits';
import { methodThrottle } from '../api-throttles';
import { RELAY_TASK } from '../relay-sizing';
import {
  DEFAULT_RELAY_MAX_TASKS,
  DEFAULT_THROTTLE_BURST_LIMIT,
  DEFAULT_THROTTLE_RATE_LIMIT,
  STREAM_AVERAGE_SECONDS,
  STREAMING_CONCURRENCY_CAP,
} from '../stage-config';
import { round, usd } from './format';
import { PRICES } from './prices';

/** What the worst day assumes beyond the code's limits. */
export const WORST_DAY = {
  /** Days of free accounts a viewer group has made at the registration limit before its worst day. */
  accountDays: 30,
  /** Input tokens a character of text costs at most: a token is at least a character in every script. */
  inputTokensPerCharacter: 1,
  /** The instructions and the answer's JSON schema each model call sends besides the traveller's text. */
  promptTokensPerCall: 500,
  /** Input tokens of one photo as the vision call sends it. */
  photoInputTokens: 1_200,
  /** Lambda sizing of a buffered call and of a stream (the cost model's ASSUMPTIONS). */
  bufferedGbSeconds: 0.15 * 0.5,
  streamingGbSeconds: STREAM_AVERAGE_SECONDS * 1,
  /** DynamoDB units an API call writes and reads on average (the cost model's ASSUMPTIONS). */
  writeUnitsPerCall: 0.6,
  readUnitsPerCall: 0.8,
} as const;

export const ATTACKERS = [
  { name: 'one IPv4 address', viewerGroups: 1 },
  { name: 'one IPv6 /64', viewerGroups: 1 },
  { name: '1,000 addresses', viewerGroups: 1_000 },
] as const;

const DAY_SECONDS = 86_400;
const MILLION = 1_000_000;
const P = PRICES;
const W = WORST_DAY;
const STAGE = { throttleRateLimit: DEFAULT_THROTTLE_RATE_LIMIT, throttleBurstLimit: DEFAULT_THROTTLE_BURST_LIMIT };

const callsADay = (limit: ViewerRateLimit) => (limit.requests * DAY_SECONDS) / limit.windowSeconds;

/** Free accounts one viewer group holds on its worst day. */
export const accountsPerViewerGroup = () => ACCOUNTS_PER_VIEWER_GROUP * W.accountDays;

/**
 * A daily ceiling's characters for one viewer group: its anonymous ceiling and what its free accounts may use
 * together (each its own `user` ceiling, all of them at most the group's pool, `accountsOfViewerGroup`).
 */
const ceilingOfGroup = (ceiling: {
  readonly anonymous: number;
  readonly user: number;
  readonly accountsOfViewerGroup: number;
}) => ceiling.anonymous + Math.min(accountsPerViewerGroup() * ceiling.user, ceiling.accountsOfViewerGroup);

const inputUsd = (tokens: number) => (tokens / MILLION) * P.openAiInputMillionTokens.usd;
const outputUsd = (tokens: number) => (tokens / MILLION) * P.openAiOutputMillionTokens.usd;

/** A model's bill for `characters` of text sent in at most `calls` calls, each answer at most its cap. */
function modelUsd(characters: number, calls: number, sizing: { base: number; perInputChar: number; most: number }) {
  const spent = Math.min(calls, characters);
  const input = characters * W.inputTokensPerCharacter + spent * W.promptTokensPerCall;
  const output = Math.min(spent * sizing.most, spent * sizing.base + characters * sizing.perInputChar);
  return inputUsd(input) + outputUsd(output);
}

export interface WorstDayRow {
  readonly route: string;
  /** Dollars one viewer group costs a day. */
  readonly perViewerGroup: number;
  /** Dollars all callers together can cost a day at the ceilings on all callers (Infinity: none applies). */
  readonly allCallers: number;
  readonly basis: string;
}

/** One viewer group's speech at the relay: its anonymous allowance and its accounts' ones, at Deepgram's price. */
function speechRow(): WorstDayRow {
  const seconds = SPEECH_ALLOWANCE_SECONDS.anonymous + accountsPerViewerGroup() * SPEECH_ALLOWANCE_SECONDS.user;
  const perSecond = P.deepgramStreamingMinute.usd / 60;
  const relaySockets = DEFAULT_RELAY_MAX_TASKS * RELAY_TASK.maxSessions;
  return {
    route: 'speech (relay, Deepgram)',
    perViewerGroup: seconds * perSecond,
    allCallers: relaySockets * DAY_SECONDS * perSecond,
    basis: `${round(seconds)} s a day (${SPEECH_ALLOWANCE_SECONDS.anonymous} s anonymous + ${round(accountsPerViewerGroup())} accounts x ${SPEECH_ALLOWANCE_SECONDS.user} s); all callers: ${round(relaySockets)} relay sockets all day`,
  };
}

const expensiveCalls = callsADay(VIEWER_RATE_LIMITS.expensive);
/** Streams all callers can run a day on one streaming function: its concurrency cap, each stream the average. */
const streamsADay = (STREAMING_CONCURRENCY_CAP * DAY_SECONDS) / STREAM_AVERAGE_SECONDS;

function translationRow(): WorstDayRow {
  const characters = ceilingOfGroup(DAILY_CEILINGS.translateCharacters);
  const perViewerGroup = modelUsd(characters, expensiveCalls, ANSWER_SIZING.translation);
  const allCallers = modelUsd(streamsADay * MAX_TEXT_CHARS, streamsADay, ANSWER_SIZING.translation);
  return {
    route: 'translation (OpenAI)',
    perViewerGroup,
    allCallers,
    basis: `${round(characters)} characters a day (daily ceilings: ${round(DAILY_CEILINGS.translateCharacters.anonymous)} anonymous + the free accounts' pool of ${round(DAILY_CEILINGS.translateCharacters.accountsOfViewerGroup)}), each call's answer at its cap`,
  };
}

function speechSynthesisRow(): WorstDayRow {
  const characters = ceilingOfGroup(DAILY_CEILINGS.speechCharacters);
  const perThousand = Math.max(P.deepgramTtsThousandChars.usd, P.openAiTtsThousandChars.usd);
  return {
    route: 'speech synthesis (Aura or OpenAI)',
    perViewerGroup: (characters / 1000) * perThousand,
    allCallers: Infinity,
    basis: `${round(characters)} characters a day (daily ceilings: ${round(DAILY_CEILINGS.speechCharacters.anonymous)} anonymous + the free accounts' pool of ${round(DAILY_CEILINGS.speechCharacters.accountsOfViewerGroup)}) at the dearer voice`,
  };
}

function analysisRow(): WorstDayRow {
  const characters = ceilingOfGroup(DAILY_CEILINGS.analysisCharacters);
  // Each call charges at least ANALYSIS_CALL_MIN_CHARACTERS, so the ceiling bounds the calls as well as the rate class.
  const calls = Math.min(callsADay(VIEWER_RATE_LIMITS.analysis), characters / ANALYSIS_CALL_MIN_CHARACTERS);
  const analysisCalls = methodThrottle('analysis', STAGE).rate * DAY_SECONDS;
  return {
    route: 'analysis (OpenAI)',
    perViewerGroup: modelUsd(characters, calls, ANSWER_SIZING.prices),
    allCallers: modelUsd(analysisCalls * MAX_TEXT_CHARS, analysisCalls, ANSWER_SIZING.prices),
    basis: `${round(characters)} characters a day (daily ceilings: ${round(DAILY_CEILINGS.analysisCharacters.anonymous)} anonymous + the free accounts' pool of ${round(DAILY_CEILINGS.analysisCharacters.accountsOfViewerGroup)}) in at most ${round(calls)} calls (each charges at least ${ANALYSIS_CALL_MIN_CHARACTERS}), each answer at the list's cap`,
  };
}

function photoRow(): WorstDayRow {
  const photos = DAILY_CEILINGS.photos.subscriber;
  const perPhoto = inputUsd(W.photoInputTokens + W.promptTokensPerCall) + outputUsd(ANSWER_SIZING.photo.most);
  return {
    route: 'photo translation (OpenAI), per subscriber account',
    perViewerGroup: photos * perPhoto,
    allCallers: Infinity,
    basis: `${photos} photos a day (the subscriber's daily quota), each answer at its cap of ${round(ANSWER_SIZING.photo.most)} tokens; the attacker pays for each account`,
  };
}

function mailRow(): WorstDayRow {
  const limit = ATTEMPT_LIMITS['password-reset'];
  const mails = (limit.perIp * DAY_SECONDS) / limit.windowSeconds;
  return {
    route: 'mail (reset and verification links)',
    perViewerGroup: (mails / 1000) * P.sesThousandMails.usd,
    allCallers: Infinity,
    basis: `${round(mails)} mails a day (${limit.perIp} an hour per address, ATTEMPT_LIMITS)`,
  };
}

/** AWS's bill for one call: API Gateway, WAF, CloudFront, Lambda and DynamoDB. */
function awsPerCall(streaming: boolean) {
  const gbSeconds = streaming ? W.streamingGbSeconds : W.bufferedGbSeconds;
  return (
    (P.apiGatewayRestMillionRequests.usd +
      P.wafMillionRequests.usd +
      P.cloudFrontMillionHttpsRequests.usd +
      P.lambdaMillionRequests.usd +
      W.writeUnitsPerCall * P.dynamoDbMillionWriteUnits.usd +
      W.readUnitsPerCall * P.dynamoDbMillionReadUnits.usd) /
      MILLION +
    gbSeconds * P.lambdaGbSecondArm.usd
  );
}

function requestsRow(): WorstDayRow {
  const classes = Object.keys(VIEWER_RATE_LIMITS) as RateLimitClass[];
  const calls = (rateLimitClass: RateLimitClass) => callsADay(VIEWER_RATE_LIMITS[rateLimitClass]);
  const perViewerGroup = classes.reduce(
    (sum, rateLimitClass) => sum + calls(rateLimitClass) * awsPerCall(rateLimitClass === 'expensive'),
    0,
  );
  const allCallers = classes.reduce((sum, rateLimitClass) => {
    const ceiling =
      rateLimitClass === 'expensive' ? 2 * streamsADay : methodThrottle(rateLimitClass, STAGE).rate * DAY_SECONDS;
    return sum + ceiling * awsPerCall(rateLimitClass === 'expensive');
  }, 0);
  const total = classes.reduce((sum, rateLimitClass) => sum + calls(rateLimitClass), 0);
  return {
    route: 'every route: AWS requests',
    perViewerGroup,
    allCallers,
    basis: `${round(total)} calls a day at every class's per-viewer limit (VIEWER_RATE_LIMITS), streams for the expensive class`,
  };
}

export function worstDayRows(): WorstDayRow[] {
  return [
    speechRow(),
    translationRow(),
    speechSynthesisRow(),
    analysisRow(),
    mailRow(),
    requestsRow(),
    photoRow(),
  ];
}

/** What an attacker of `viewerGroups` viewer groups costs a day on one row: bounded by the ceiling on all callers. */
export const attackerUsd = (row: WorstDayRow, viewerGroups: number) =>
  Math.min(row.perViewerGroup * viewerGroups, row.allCallers);

/** The table as Markdown, exactly as docs/OPERATIONS.md carries it. */
export function renderWorstDay(): string {
  const rows = worstDayRows();
  const perAccount = rows.filter((row) => row.route.includes('per subscriber account'));
  const summed = rows.filter((row) => !perAccount.includes(row));
  const lines = [
    `The worst day (USD a day; a viewer group holds ${round(accountsPerViewerGroup())} free accounts, ${ACCOUNTS_PER_VIEWER_GROUP} a day for ${W.accountDays} days):`,
    '',
    `| route | ${ATTACKERS.map((attacker) => attacker.name).join(' | ')} | basis |`,
    `| --- | ${ATTACKERS.map(() => '---:').join(' | ')} | --- |`,
  ];
  for (const row of summed) {
    const cells = ATTACKERS.map((attacker) => usd(attackerUsd(row, attacker.viewerGroups))).join(' | ');
    lines.push(`| ${row.route} | ${cells} | ${row.basis} |`);
  }
  const totals = ATTACKERS.map((attacker) =>
    summed.reduce((sum, row) => sum + attackerUsd(row, attacker.viewerGroups), 0),
  );
  lines.push(`| **total** | ${totals.map((total) => `**${usd(total)}**`).join(' | ')} | |`);
  for (const row of perAccount) {
    lines.push(`| ${row.route} | ${ATTACKERS.map(() => usd(row.perViewerGroup)).join(' | ')} | ${row.basis} |`);
  }
  return lines.join('\n');
}

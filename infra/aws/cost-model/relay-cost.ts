/**
 * What the speech relay (stacks/relay-stack.ts) costs a month at a number of concurrent speakers, held for the
 * whole month (730 hours): an upper bound for a service whose traffic follows the day. Sizes come from
 * relay-sizing.ts (what the stack deploys), prices from prices.ts.
 */
import { RELAY_TASK } from '../relay-sizing';
import { round, usd } from './format';
import { PRICES } from './prices';

export const HOURS_A_MONTH = 730;

export const RELAY_ASSUMPTIONS = {
  /** 16 kHz mono PCM16: 32,000 bytes a second in from each speaker, forwarded as is to Deepgram. */
  audioBytesPerSecond: 32_000,
  /** Framing and TLS on the way to Deepgram, and WebSocket framing from CloudFront: about 3% on the audio. */
  overhead: 0.03,
  /** Deepgram's results back (interim and final JSON): about 1 KB a second while speaking. */
  resultBytesPerSecond: 1_000,
  /** Sockets a speaker opens an hour (reconnects, new sessions): new connections are one of the LCU's dimensions. */
  connectionsPerSpeakerHour: 6,
  /** Tasks at the least (prod: one per zone, stage-config.ts's relayMinTasks). */
  minTasks: 2,
} as const;

export const RELAY_SCALES = [100, 10_000] as const;

export interface RelayCostRow {
  readonly service: string;
  readonly usdPerMonth: number;
  readonly basis: string;
}

/** Tasks the service runs for `speakers` at the scaling target (RELAY_TASK.targetSessions a task). */
export function relayTasks(speakers: number): number {
  return Math.max(RELAY_ASSUMPTIONS.minTasks, Math.ceil(speakers / RELAY_TASK.targetSessions));
}

const GB = 1e9;
const P = PRICES;
const A = RELAY_ASSUMPTIONS;

/** The relay's AWS cost a month at `speakers` held all month, by line. */
export function relayCostRows(speakers: number): RelayCostRow[] {
  const tasks = relayTasks(speakers);
  const vcpu = RELAY_TASK.cpu / 1024;
  const memoryGb = RELAY_TASK.memoryMiB / 1024;
  const taskHours = tasks * HOURS_A_MONTH;
  const audioGbPerHour = (speakers * A.audioBytesPerSecond * (1 + A.overhead) * 3600) / GB;
  const resultGbPerHour = (speakers * A.resultBytesPerSecond * 3600) / GB;
  // The load balancer processes both directions; an LCU-hour is the largest of its dimensions.
  const lcus = Math.max(
    audioGbPerHour + resultGbPerHour,
    speakers / 3000,
    (speakers * A.connectionsPerSpeakerHour) / 3600 / 25,
  );
  return [
    {
      service: 'Fargate (arm64)',
      usdPerMonth: taskHours * (vcpu * P.fargateArmVcpuHour.usd + memoryGb * P.fargateArmGbHour.usd),
      basis: `${tasks} tasks of ${vcpu} vCPU, ${memoryGb} GB`,
    },
    {
      service: 'Public IPv4 (tasks)',
      usdPerMonth: taskHours * P.publicIpv4Hour.usd,
      basis: `${tasks} addresses`,
    },
    {
      service: 'Application Load Balancer',
      usdPerMonth: HOURS_A_MONTH * (P.albHour.usd + lcus * P.albLcuHour.usd),
      basis: `${round(lcus, 1)} LCU (bytes processed)`,
    },
    {
      service: 'Data out to Deepgram',
      usdPerMonth: audioGbPerHour * HOURS_A_MONTH * P.dataTransferOutGb.usd,
      basis: `${round((audioGbPerHour * HOURS_A_MONTH) / 1000, 1)} TB`,
    },
    {
      service: 'CloudFront (audio to origin, results out)',
      usdPerMonth:
        HOURS_A_MONTH *
        (audioGbPerHour * P.cloudFrontGbToOrigin.usd + resultGbPerHour * P.cloudFrontGbOut.usd),
      basis: `${round((audioGbPerHour * HOURS_A_MONTH) / 1000, 1)} TB in, ${round((resultGbPerHour * HOURS_A_MONTH) / 1000, 1)} TB out`,
    },
  ];
}

/** Deepgram's streaming bill for the same speech, for scale: not part of the relay's cost. */
export function deepgramUsdPerMonth(speakers: number): number {
  return speakers * 60 * HOURS_A_MONTH * P.deepgramStreamingMinute.usd;
}

/** The relay's table as Markdown, part of the cost model's output (docs/OPERATIONS.md). */
export function renderRelayCost(): string {
  const lines: string[] = [];
  const byScale = RELAY_SCALES.map((speakers) => relayCostRows(speakers));
  lines.push(
    `The speech relay, speakers held all month (${HOURS_A_MONTH} h), ${RELAY_TASK.targetSessions} a task at the scaling target (${RELAY_TASK.maxSessions} at most, ${RELAY_TASK.cpu / 1024} vCPU and ${RELAY_TASK.memoryMiB / 1024} GB a task):`,
  );
  lines.push('');
  lines.push(
    `| relay line | ${RELAY_SCALES.map((speakers) => `${round(speakers)} speakers: USD/month`).join(' | ')} | basis at ${round(RELAY_SCALES[1])} |`,
  );
  lines.push(`| --- | ${RELAY_SCALES.map(() => '---:').join(' | ')} | --- |`);
  const [, large = []] = byScale;
  large.forEach((row, index) => {
    const cells = byScale.map((rows) => usd(rows[index]?.usdPerMonth ?? 0)).join(' | ');
    lines.push(`| ${row.service} | ${cells} | ${row.basis} |`);
  });
  const totals = byScale.map((rows) => rows.reduce((sum, row) => sum + row.usdPerMonth, 0));
  lines.push(`| **relay total** | ${totals.map((total) => `**${usd(total)}**`).join(' | ')} | |`);
  lines.push('');
  lines.push(
    `Deepgram streaming for the same speech: ${RELAY_SCALES.map((speakers) => `${usd(deepgramUsdPerMonth(speakers))} USD/month at ${round(speakers)}`).join(', ')}.`,
  );
  return lines.join('\n');
}

import type { RawData, WebSocket } from 'ws';
import {
  CLOSE,
  CLOSE_REASON,
  parseClientControl,
  RELAY_CLOSE,
  RELAY_CLOSE_REASON,
  type AllowanceMessage,
} from '@wayfarer/shared/api/speech-protocol';
import { SPEECH_BYTES_PER_SECOND, type SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import {
  decideSession,
  leaseLimitSeconds,
  secondsUsed,
  usageDay,
  type DailyAllowances,
} from '../domain/allowance';
import { viewerHash } from '../domain/usage-subject';
import type { Logger } from '../logger';
import type { Clock, Events } from '../ports/platform';
import type { ListenUpstream, SpeechRecognizer, SpeechSockets, SpeechTickets } from '../ports/speech';
import type { Leases } from '../ports/usage';
import { admit, meterFor, meteredSeconds, secondsLeft, type Meter } from './meter';
import type { RelayMetrics } from './metrics';

export interface RelayPorts {
  readonly tickets: SpeechTickets;
  readonly sockets: SpeechSockets;
  readonly leases: Leases;
  readonly events: Events;
  readonly clock: Clock;
  readonly recognizer: SpeechRecognizer;
  readonly newId: () => string;
  readonly logger: Pick<Logger, 'warn'>;
  readonly metrics: RelayMetrics;
}

export type RelayLimits = { readonly [K in keyof typeof SPEECH_RELAY_LIMITS]: number };

export interface RelayPolicy {
  readonly allowances: DailyAllowances;
  readonly ipHashSecret: string | undefined;
  readonly limits: RelayLimits;
}

export interface SessionRequest {
  readonly ticket: string | undefined;
  /** The viewer's address as the edge saw it (CloudFront-Viewer-Address; the local gateway plays the edge). */
  readonly viewerIp: string | undefined;
  /** The listen query, checked (listen-request.ts). */
  readonly query: URLSearchParams;
}

export interface RelaySession {
  /** Ends the session at once with this close (a draining relay's 1012). */
  close(code: number, reason: string): void;
}

/**
 * Audio a client may send before its ticket is checked and the recogniser opened (a few hundred ms at most in
 * practice): 10 s of it, as much as the browser keeps across a reconnect. More is refused.
 */
const EARLY_BYTES = 10 * SPEECH_BYTES_PER_SECOND;
/**
 * After Finalize and CloseStream, how long the recogniser has to send its last results before the relay closes. A
 * recogniser closes as soon as it has sent them; this only bounds one that never does. Longer than the app waits
 * for a last final (5 s), so the client, not the relay, decides when to stop waiting: a loaded embedded recogniser
 * can take several seconds to decode a last phrase.
 */
const WIND_DOWN_MS = 8_000;

/**
 * One relayed speech session (docs/DESIGN.md §7): takes the ticket, opens the session's lease with what is left of
 * the allowance, holds the caller's one socket, passes audio and control messages to the recogniser and its
 * messages back, and meters every byte it forwards. The lease is written every chargeIntervalSeconds and at the
 * end, so no client figure moves a charge and a crash loses at most one interval.
 */
export function runRelaySession(
  ws: WebSocket,
  request: SessionRequest,
  ports: RelayPorts,
  policy: RelayPolicy,
  onEnded: () => void,
): RelaySession {
  const { limits } = policy;
  const early: { readonly data: Buffer; readonly isBinary: boolean }[] = [];
  let earlyBytes = 0;
  let phase: 'opening' | 'open' | 'winding-down' | 'ended' = 'opening';
  let upstream: ListenUpstream | undefined;
  let meter: Meter = meterFor(0);
  let lease: { readonly id: string; readonly subject: string; readonly day: string } | undefined;
  /** When the recogniser opened: the audio forwarded may not run further ahead of the time since. */
  let openedAt = 0;
  /** The close the relay chose, sent once the recogniser has had its last word. */
  let pendingClose: { readonly code: number; readonly reason: string } | undefined;
  const timers: ReturnType<typeof setTimeout>[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;

  const isOpen = () => ws.readyState === ws.OPEN;
  const send = (text: string) => {
    if (isOpen()) ws.send(text);
  };
  const closeClient = (code: number, reason: string) => {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
  };
  const sendAllowance = (secondsLeft: number | null) =>
    send(JSON.stringify({ type: 'Allowance', seconds_left: secondsLeft } satisfies AllowanceMessage));

  function resetIdle(): void {
    clearTimeout(idle);
    idle = setTimeout(() => end(RELAY_CLOSE.idle, RELAY_CLOSE_REASON.idle), limits.idleSeconds * 1000);
  }

  /** Ends at once: nothing more is forwarded either way. */
  function end(code: number, reason: string): void {
    if (phase === 'ended') return;
    upstream?.abort();
    closeClient(code, reason);
    void settle();
  }

  /** Ends after the recogniser has finalized what it heard, so the last words still reach the traveller. */
  function windDown(code: number, reason: string): void {
    if (phase !== 'open') return;
    phase = 'winding-down';
    pendingClose = { code, reason };
    upstream?.control(JSON.stringify({ type: 'Finalize' }));
    upstream?.control(JSON.stringify({ type: 'CloseStream' }));
    timers.push(setTimeout(() => end(code, reason), WIND_DOWN_MS));
  }

  function deliver(data: Buffer, isBinary: boolean): void {
    if (phase !== 'open' || !upstream) return;
    if (!isBinary) {
      const control = parseClientControl(data.toString('utf8'));
      if (!control) return;
      upstream.control(JSON.stringify(control));
      // The client's own end: the recogniser closes once it has sent its last results, and the relay with it.
      if (control.type === 'CloseStream') {
        phase = 'winding-down';
        timers.push(setTimeout(() => end(CLOSE.normal, ''), WIND_DOWN_MS));
      }
      return;
    }
    const admission = admit(meter, data.length);
    meter = admission.meter;
    const wallSeconds = (ports.clock.now().getTime() - openedAt) / 1000;
    if (meteredSeconds(meter) > wallSeconds + limits.aheadOfRealTimeSeconds)
      return end(CLOSE.policyViolation, RELAY_CLOSE_REASON.tooFast);
    if (admission.forward > 0) {
      upstream.audio(admission.forward === data.length ? data : data.subarray(0, admission.forward));
      resetIdle();
    }
    if (admission.spent) {
      sendAllowance(0);
      windDown(RELAY_CLOSE.allowanceSpent, RELAY_CLOSE_REASON.allowanceSpent);
    }
  }

  /**
   * Writes what was forwarded so far, tells the client what is left (its cut-off counts wall time, the meter only
   * audio: a muted stretch costs nothing), then checks the caller's socket is still this one.
   */
  async function charge(): Promise<void> {
    if (!lease || phase === 'ended') return;
    const left = secondsLeft(meter);
    if (phase === 'open' && left !== null) sendAllowance(left);
    try {
      await ports.leases.recordObserved(lease, meteredSeconds(meter));
      const holder = await ports.sockets.holder(lease.subject);
      if (holder !== undefined && holder !== lease.id) end(RELAY_CLOSE.replaced, RELAY_CLOSE_REASON.replaced);
    } catch (error) {
      // The next interval, or the close, writes the figure again: a lost write only delays it.
      ports.logger.warn('Could not charge a relayed speech session', {
        outcome: 'charge_failed',
        errorName: error instanceof Error ? error.name : 'unknown',
      });
    }
  }

  let settling: Promise<void> | undefined;
  function settle(): Promise<void> {
    settling ??= (async () => {
      phase = 'ended';
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(idle);
      clearInterval(charging);
      early.length = 0;
      onEnded();
      if (!lease) return;
      const seconds = meteredSeconds(meter);
      try {
        // Only this session closes its lease, so a lease found closed already was closed by an earlier try of this
        // write whose answer was lost (a retry after a dropped connection): the usage is still to be published, and
        // the consumer counts each lease once however often it hears of it.
        await ports.leases.close(lease, { at: ports.clock.now(), seconds });
        await ports.events.publish('usageRecorded', {
          subject: lease.subject,
          seconds,
          leaseId: lease.id,
          day: lease.day,
        });
      } catch (error) {
        // The lease keeps its last written figure, which the allowance reads: at most one interval is lost.
        ports.logger.warn('Could not close a relayed speech session', {
          outcome: 'lease_not_closed',
          errorName: error instanceof Error ? error.name : 'unknown',
        });
      }
    })();
    return settling;
  }

  const charging = setInterval(() => void charge(), limits.chargeIntervalSeconds * 1000);

  ws.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = toBytes(data);
    if (phase !== 'opening') return deliver(bytes, isBinary);
    earlyBytes += bytes.length;
    if (earlyBytes > EARLY_BYTES) return end(CLOSE.policyViolation, CLOSE_REASON.badAudio);
    early.push({ data: bytes, isBinary });
  });
  ws.on('close', () => {
    upstream?.abort();
    void settle();
  });
  ws.on('error', () => undefined);

  async function open(): Promise<void> {
    const now = ports.clock.now();
    const grant = request.ticket === undefined ? undefined : await ports.tickets.take(request.ticket, now);
    // A ticket opens one socket, from the viewer group it was asked for from: a ticket read off another device
    // or replayed is refused like a wrong one.
    if (!grant || grant.viewer !== viewerHash(request.viewerIp, policy.ipHashSecret))
      return end(CLOSE.policyViolation, CLOSE_REASON.invalidAuth);
    if (phase !== 'opening' || !isOpen()) return void settle();
    const day = usageDay(now);
    const ledger = await ports.leases.ledger(grant.subject, day);
    const decision = decideSession(grant.role, secondsUsed(ledger), policy.allowances);
    if (decision.kind === 'spent') {
      sendAllowance(0);
      return end(RELAY_CLOSE.allowanceSpent, RELAY_CLOSE_REASON.allowanceSpent);
    }
    if (phase !== 'opening' || !isOpen()) return void settle();
    const id = ports.newId();
    lease = { id, subject: grant.subject, day };
    await ports.leases.open({ ...lease, issuedAt: now, ttlSeconds: leaseLimitSeconds(decision) });
    await ports.sockets.claim(grant.subject, id, now);
    if (phase !== 'opening' || !isOpen()) return void settle();
    meter = meterFor(decision.seconds);
    sendAllowance(decision.seconds);
    upstream = ports.recognizer.open(request.query, {
      message: send,
      closed: (code, reason) => {
        upstream = undefined;
        const chosen = pendingClose ?? { code, reason };
        end(chosen.code, chosen.reason);
      },
    });
    phase = 'open';
    openedAt = ports.clock.now().getTime();
    resetIdle();
    timers.push(
      setTimeout(
        () => windDown(RELAY_CLOSE.sessionTooLong, RELAY_CLOSE_REASON.sessionTooLong),
        limits.maxSessionSeconds * 1000,
      ),
    );
    for (const frame of early.splice(0)) deliver(frame.data, frame.isBinary);
  }

  open().catch((error: unknown) => {
    ports.logger.warn('A relayed speech session could not open', {
      outcome: 'open_failed',
      errorName: error instanceof Error ? error.name : 'unknown',
    });
    end(CLOSE.internalError, CLOSE_REASON.internal);
  });

  return { close: (code, reason) => end(code, reason) };
}

function toBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

import { describe, expect, it } from 'vitest';
import { SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import type { SpeechTicketGrant, SpeechTickets } from '../../ports/speech';
import type { UserProfile } from '../../ports/users';
import { viewerHash } from '../../domain/usage-subject';
import { createMemoryLeases } from '../../testing/memory-leases';
import { issueSpeechTicket, type SpeechTicketPorts } from './service';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const policy = { allowances: { anonymousSeconds: 60, userSeconds: 120 }, ipHashSecret: 'secret' };
const anonymous = { kind: 'anonymous', sourceIp: '198.51.100.4' } as const;

function setUp(profiles: Record<string, Partial<UserProfile>> = {}) {
  let now = T0;
  const issued = new Map<string, { grant: SpeechTicketGrant; expiresAt: Date }>();
  const tickets: SpeechTickets = {
    issue: async (ticket, grant, expiresAt) => void issued.set(ticket, { grant, expiresAt }),
    take: async () => undefined,
  };
  const leases = createMemoryLeases();
  const ports: SpeechTicketPorts = {
    leases,
    tickets,
    users: { getProfile: async (sub) => profiles[sub] as UserProfile | undefined },
    clock: { now: () => now },
  };
  return {
    ports,
    leases,
    issued,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe('issueSpeechTicket', () => {
  it('a ticket says the seconds of speech left today', async () => {
    const { ports, leases } = setUp();
    await leases.open({
      id: 'a',
      subject: 'user-1',
      day: '2026-11-22',
      issuedAt: T0,
      ttlSeconds: 120,
      observedSeconds: 20,
    });
    const outcome = await issueSpeechTicket(
      ports,
      policy,
      { kind: 'user', sub: 'user-1', sourceIp: '198.51.100.4' },
      '198.51.100.4',
    );
    expect(outcome.kind === 'issued' && outcome.response.seconds_left).toBe(100);
  });

  it("a subscriber's ticket has no seconds left to count down (null)", async () => {
    const { ports } = setUp({ paid: { subscriptionStatus: 'ACTIVE' } });
    const outcome = await issueSpeechTicket(
      ports,
      policy,
      { kind: 'user', sub: 'paid', sourceIp: '198.51.100.4' },
      '198.51.100.4',
    );
    expect(outcome.kind === 'issued' && outcome.response.seconds_left).toBeNull();
  });

  it('a spent allowance gets no ticket', async () => {
    const { ports, leases, issued } = setUp();
    expect((await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp)).kind).toBe('issued');
    const subject = [...issued.values()][0]!.grant.subject;
    await leases.open({
      id: 'a',
      subject,
      day: '2026-11-22',
      issuedAt: T0,
      ttlSeconds: 60,
      observedSeconds: 60,
    });
    expect((await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp)).kind).toBe('spent');
  });

  it('a ticket is stored only with its grant, bound to the viewer group it was asked from, for ticketSeconds', async () => {
    const { ports, issued } = setUp();
    const outcome = await issueSpeechTicket(
      ports,
      policy,
      { kind: 'user', sub: 'user-1', sourceIp: '198.51.100.4' },
      '2001:db8:1:2::5',
    );
    if (outcome.kind !== 'issued') throw new Error('no ticket');
    const stored = issued.get(outcome.response.ticket)!;
    expect(stored.grant).toEqual({
      subject: 'user-1',
      role: 'user',
      // The same /64 is the same viewer group; the ticket does not say which address inside it.
      viewer: viewerHash('2001:db8:1:2::9', 'secret'),
    });
    expect(stored.grant.viewer).not.toBe(viewerHash('2001:db8:1:3::5', 'secret'));
    expect(stored.expiresAt.getTime() - T0.getTime()).toBe(SPEECH_RELAY_LIMITS.ticketSeconds * 1000);
  });

  it('a ticket is 32 random bytes, never the same twice', async () => {
    const { ports } = setUp();
    const first = await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp);
    const second = await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp);
    if (first.kind !== 'issued' || second.kind !== 'issued') throw new Error('no ticket');
    expect(Buffer.from(first.response.ticket, 'base64url')).toHaveLength(32);
    expect(first.response.ticket).not.toBe(second.response.ticket);
  });

  it('a caller holds at most SPEECH_RELAY_LIMITS.ticketsOpen tickets at once, however many calls race', async () => {
    const { ports, advance } = setUp();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'issued')).toHaveLength(
      SPEECH_RELAY_LIMITS.ticketsOpen,
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'too_many')).toHaveLength(
      20 - SPEECH_RELAY_LIMITS.ticketsOpen,
    );
    advance(SPEECH_RELAY_LIMITS.ticketSeconds);
    expect((await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp)).kind).toBe('issued');
  });

  it('a traveller who starts a new phrase every 5 seconds is never refused a ticket', async () => {
    const { ports, advance } = setUp();
    for (let start = 0; start < 30; start++) {
      expect((await issueSpeechTicket(ports, policy, anonymous, anonymous.sourceIp)).kind).toBe('issued');
      advance(5);
    }
  });
});

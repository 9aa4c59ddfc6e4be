import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeaseStore } from '@wayfarer/lambdas/adapters/aws/lease-store';
import { leaseCharge, usageDay } from '@wayfarer/lambdas/domain/allowance';
import { getTable } from '@wayfarer/lambdas/providers';
import { parseWav } from '@wayfarer/engines/speech/wav';
import { localSockets } from '../local-routes';
import { call, listen, sendAudio, silenceOf, startFaultCloud, until, type FaultCloud } from './fault-cloud';

// The server side of a phone losing its network mid-phrase: the relay socket's TCP connection is destroyed without
// a close frame. What the browser's voice loop does then (reconnect with a fresh ticket, keep the transcript) is the
// frontend's, shown in a browser by frontend/e2e/voice-reconnect.spec.ts; what the server promises is: the finals
// sent before the drop were sent, a fresh ticket opens a new socket at once, and the usage charged is exactly the
// audio the relay forwarded, with no report from the client.

const PASSWORD = 'Travel!2024x';
const fixture = (name: string) => {
  const { samples } = parseWav(
    readFileSync(new URL(`../../../engines/speech/fixtures/${name}`, import.meta.url)),
  );
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
};
const doctor = fixture('doctor-eiffel-tower.wav');
const station = fixture('train-station-old-town.wav');
const silence = silenceOf(1);

let fault: FaultCloud;

beforeAll(async () => {
  fault = await startFaultCloud({ USER_DAILY_SECONDS: '100000' }, { sockets: localSockets });
});

afterAll(async () => {
  await fault?.stop();
});

describe('the speech socket dropped mid-phrase (network loss)', () => {
  it('keeps the finals sent before the drop, opens a new socket with a fresh ticket at once, and charges what was spoken', async () => {
    const base = fault.cloud.url;
    const registered = await call(base, 'POST', '/api/auth/register', {
      json: { email: `drop-${Date.now()}@example.com`, password: PASSWORD, confirmPassword: PASSWORD },
    });
    const token = (registered.body as { token: string }).token;
    const sub = (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub: string }
    ).sub;

    const first = (await call(base, 'POST', '/api/speech/ticket', { token })).body as { ticket: string };
    const before = await listen(base, first.ticket);
    let spoken = await sendAudio(before.socket, Buffer.concat([doctor, silence]));
    await until('a final for the first phrase', async () => before.finals.length > 0);
    // Half of the next phrase, then the network goes: no close frame, the TCP connection just ends.
    spoken += await sendAudio(before.socket, station.subarray(0, Math.floor(station.length / 4) * 2));
    (before.socket as unknown as { _socket: { destroy(): void } })._socket.destroy();
    expect(await before.closed).toBe(1006);
    expect(before.finals.join(' ')).toMatch(/doctor/i);

    const second = (await call(base, 'POST', '/api/speech/ticket', { token })).body as { ticket: string };
    expect(second.ticket).not.toBe(first.ticket);
    const after = await listen(base, second.ticket);
    const spokenAfter = await sendAudio(after.socket, Buffer.concat([station, silence]));
    after.socket.send(JSON.stringify({ type: 'CloseStream' }));
    expect(await after.closed).toBe(1000);
    expect(after.finals.join(' ')).toMatch(/train station/i);

    const leases = createLeaseStore(await getTable());
    const day = usageDay(new Date());
    await until('both sessions closed', async () => {
      await fault.cloud.eventsIdle();
      const read = await leases.ledger(sub, day);
      return read.leases.length === 2 && read.leases.every((lease) => lease.closed !== undefined);
    });
    // A lease is closed before its usage event is published: wait for the counter, not for the events' queue.
    await until('the day\'s counter counts both sessions', async () => {
      await fault.cloud.eventsIdle();
      const read = await leases.ledger(sub, day);
      const closed = read.leases.reduce((sum, lease) => sum + (lease.closed?.seconds ?? 0), 0);
      return Math.abs(read.countedSeconds - closed) < 1e-6;
    });
    const ledger = await leases.ledger(sub, day);
    // Each lease is charged exactly the audio the relay forwarded on it: bytes are seconds.
    const charged = ledger.leases.reduce((sum, lease) => sum + leaseCharge(lease), 0);
    expect(charged).toBeCloseTo(spoken + spokenAfter, 2);
    // The day's counter caught up with the closed leases, each counted once.
    const closed = ledger.leases.reduce((sum, lease) => sum + (lease.closed?.seconds ?? 0), 0);
    expect(ledger.countedSeconds).toBeCloseTo(closed, 6);
  });
});

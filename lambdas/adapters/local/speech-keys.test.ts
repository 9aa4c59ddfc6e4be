import { describe, expect, it } from 'vitest';
import {
  createLocalSpeechKeys,
  createLocalSpeechKeyVerifier,
  localSocketUrl,
  localSpeechKeySecret,
  signLocalSpeechKey,
} from './speech-keys';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const secret = localSpeechKeySecret('ip-hash-secret');

describe('local speech keys', () => {
  it('issues keys its verifier accepts until they expire', async () => {
    let now = T0;
    const clock = { now: () => now };
    const keys = createLocalSpeechKeys({ secret, appUrl: 'http://localhost:8787', clock });
    const verify = createLocalSpeechKeyVerifier({ secret, clock });
    const issued = await keys.issue({ leaseId: 'l1', subject: 's', ttlSeconds: 30, host: '127.0.0.1:9999' });

    expect(issued).toEqual({ key: expect.any(String), url: 'ws://127.0.0.1:9999/v1/listen', ttlSeconds: 30 });
    expect(verify(issued.key)).toBe(true);
    now = new Date(T0.getTime() + 29_000);
    expect(verify(issued.key)).toBe(true);
    now = new Date(T0.getTime() + 30_000);
    expect(verify(issued.key)).toBe(false);
  });

  it('refuses forged, altered and malformed keys', () => {
    const clock = { now: () => T0 };
    const verify = createLocalSpeechKeyVerifier({ secret, clock });
    const exp = T0.getTime() / 1000 + 60;
    const genuine = signLocalSpeechKey(secret, { lid: 'l1', sub: 's', exp });
    expect(verify(genuine)).toBe(true);

    expect(verify(signLocalSpeechKey(localSpeechKeySecret('another'), { lid: 'l1', sub: 's', exp }))).toBe(
      false,
    );
    const [version, , signature] = genuine.split('.');
    const longer = Buffer.from(JSON.stringify({ lid: 'l1', sub: 's', exp: exp + 3600 })).toString(
      'base64url',
    );
    expect(verify(`${version}.${longer}.${signature}`)).toBe(false);
    for (const junk of ['', 'abc', 'wf1..', `${genuine}.x`, 'wf1.e30.AAAA', genuine.replace(/^wf1/, 'wf0')]) {
      expect(verify(junk)).toBe(false);
    }
  });

  it('derives a signing secret distinct from the IP hash secret', () => {
    expect(localSpeechKeySecret('ip-hash-secret')).not.toBe('ip-hash-secret');
    expect(localSpeechKeySecret('ip-hash-secret')).toBe(secret);
  });

  it('points at the socket on the host the caller used, else APP_URL', () => {
    expect(localSocketUrl('localhost:8787', undefined)).toBe('ws://localhost:8787/v1/listen');
    expect(localSocketUrl('[::1]:8787', 'http://localhost:1')).toBe('ws://[::1]:8787/v1/listen');
    expect(localSocketUrl(undefined, 'http://localhost:8787')).toBe('ws://localhost:8787/v1/listen');
    expect(localSocketUrl('evil.example/x?', 'https://app.example')).toBe('wss://app.example/v1/listen');
    expect(() => localSocketUrl(undefined, undefined)).toThrow(/APP_URL/);
  });
});

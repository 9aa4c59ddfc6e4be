import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../ports/users';
import { createUserProfiles } from './user-profile-store';
import { getTable } from '../../providers';

const table = await getTable();

// The profile store over DynamoDB Local (the integration project's global setup starts it): the e-mail
// lookup the password-reset mail relies on goes through gsi1, an eventually consistent index read.

const profiles = createUserProfiles(table);

const profile = (sub: string, email: string): UserProfile => ({
  sub,
  email,
  subscriptionStatus: 'NONE',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: null,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('user profiles over DynamoDB Local', () => {
  it('finds an account by the address in its profile, and nothing for an unknown address', async () => {
    const email = `found-${randomUUID()}@example.com`;
    const sub = randomUUID();

    await profiles.createProfile(profile(sub, email));

    expect(await profiles.findSubByEmail(email)).toBe(sub);
    expect(await profiles.findSubByEmail(`nobody-${randomUUID()}@example.com`)).toBeUndefined();
  });

  it('finds the newest account when an address outlived a deleted one', async () => {
    const email = `reused-${randomUUID()}@example.com`;
    const [deleted, current] = [randomUUID(), randomUUID()];
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    await profiles.createProfile(profile(deleted, email));
    vi.setSystemTime(new Date('2026-06-01T00:00:00Z'));
    await profiles.createProfile(profile(current, email));

    expect(await profiles.findSubByEmail(email)).toBe(current);
  });

  it('keeps an address with a # in its local part apart from every other key', async () => {
    const email = `a#b-${randomUUID()}@example.com`;
    const sub = randomUUID();

    await profiles.createProfile(profile(sub, email));

    expect(await profiles.findSubByEmail(email)).toBe(sub);
    expect((await profiles.getProfile(sub))?.email).toBe(email);
  });
});

import { describe, expect, it } from 'vitest';
import { createScreenKeeper, type WakeLockApi, type WakeLockHandle } from './wake-lock';

/** A stand-in for navigator.wakeLock: each request hands out a sentinel the test can release as the browser would. */
function fakeWakeLock({ refuse = false } = {}) {
  const sentinels: (WakeLockHandle & { released: boolean; drop: () => void })[] = [];
  const pending: (() => void)[] = [];
  let hold = false;
  const api: WakeLockApi = {
    request(type) {
      expect(type).toBe('screen');
      if (refuse) return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
      const listeners: (() => void)[] = [];
      const sentinel = {
        released: false,
        release: async () => {
          sentinel.released = true;
          listeners.forEach((listener) => listener());
        },
        addEventListener: (_type: 'release', listener: () => void) => listeners.push(listener),
        drop: () => {
          sentinel.released = true;
          listeners.forEach((listener) => listener());
        },
      };
      sentinels.push(sentinel);
      if (!hold) return Promise.resolve(sentinel);
      return new Promise((resolve) => pending.push(() => resolve(sentinel)));
    },
  };
  return {
    api,
    sentinels,
    held: () => sentinels.filter((sentinel) => !sentinel.released).length,
    holdRequests: () => (hold = true),
    grantPending: () => pending.splice(0).forEach((grant) => grant()),
  };
}

// Lets every promise already resolved run its callbacks (a macrotask runs after all pending microtasks).
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A keeper that has started listening, its lock granted. */
async function listening(isVisible = () => true) {
  const lock = fakeWakeLock();
  const keeper = createScreenKeeper(lock.api, isVisible);
  keeper.want(true);
  await settle();
  return { lock, keeper };
}

describe('screen wake lock', () => {
  it('takes the screen lock when listening starts', async () => {
    const { lock } = await listening();
    expect(lock.held()).toBe(1);
  });

  it('releases the lock when listening stops', async () => {
    const { lock, keeper } = await listening();
    keeper.want(false);
    await settle();
    expect(lock.held()).toBe(0);
  });

  it('releases the lock when the screen is left', async () => {
    const { lock, keeper } = await listening();
    keeper.dispose();
    await settle();
    expect(lock.held()).toBe(0);
  });

  it('takes the lock again when the page is shown again while listening', async () => {
    let visible = true;
    const { lock, keeper } = await listening(() => visible);
    visible = false;
    lock.sentinels[0]!.drop();
    await settle();
    expect(lock.held()).toBe(0);
    visible = true;
    keeper.visibilityChanged();
    await settle();
    expect(lock.held()).toBe(1);
  });

  it('does not take the lock when the page is shown again after listening stopped', async () => {
    const { lock, keeper } = await listening();
    keeper.want(false);
    await settle();
    keeper.visibilityChanged();
    await settle();
    expect(lock.held()).toBe(0);
  });

  it('asks once while a lock is held or on its way', async () => {
    const lock = fakeWakeLock();
    lock.holdRequests();
    const keeper = createScreenKeeper(lock.api, () => true);
    keeper.want(true);
    keeper.want(true);
    keeper.visibilityChanged();
    lock.grantPending();
    await settle();
    keeper.visibilityChanged();
    await settle();
    expect(lock.sentinels).toHaveLength(1);
  });

  it('releases a lock granted after listening stopped', async () => {
    const lock = fakeWakeLock();
    lock.holdRequests();
    const keeper = createScreenKeeper(lock.api, () => true);
    keeper.want(true);
    keeper.want(false);
    lock.grantPending();
    await settle();
    expect(lock.held()).toBe(0);
  });

  it('does nothing in a browser without the Wake Lock API', async () => {
    const keeper = createScreenKeeper(undefined, () => true);
    expect(keeper.supported).toBe(false);
    expect(() => {
      keeper.want(true);
      keeper.visibilityChanged();
      keeper.want(false);
      keeper.dispose();
    }).not.toThrow();
    await settle();
  });

  it('swallows a refused request', async () => {
    const lock = fakeWakeLock({ refuse: true });
    const keeper = createScreenKeeper(lock.api, () => true);
    keeper.want(true);
    await settle();
    expect(keeper.supported).toBe(true);
    expect(lock.held()).toBe(0);
  });

  it('does not ask while the page is hidden', async () => {
    const lock = fakeWakeLock();
    const keeper = createScreenKeeper(lock.api, () => false);
    keeper.want(true);
    await settle();
    expect(lock.sentinels).toHaveLength(0);
  });
});

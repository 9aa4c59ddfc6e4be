/**
 * Keeps the screen on while the voice screen listens (docs/SPEC.md §4 Listening mode), through the Screen Wake Lock
 * API where the browser has it. The browser drops the lock whenever the page is hidden, so it is asked for again when
 * the page shows while still wanted. A browser without the API, or one that refuses (battery saver, no user
 * activation), changes nothing: the screen dims as it would anyway.
 */

/** The part of WakeLockSentinel used here. */
export interface WakeLockHandle {
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}

/** The part of navigator.wakeLock used here. */
export interface WakeLockApi {
  request(type: 'screen'): Promise<WakeLockHandle>;
}

export interface ScreenKeeper {
  /** False when the browser has no Wake Lock API. */
  readonly supported: boolean;
  /** Whether the screen should stay on (listening); asks for the lock or releases it. */
  want(wanted: boolean): void;
  /** Call on `visibilitychange`: a page shown again while wanted asks for the lock again. */
  visibilityChanged(): void;
  /** Releases the lock for good (leaving the screen). */
  dispose(): void;
}

export function createScreenKeeper(api: WakeLockApi | undefined, isVisible: () => boolean): ScreenKeeper {
  let wanted = false;
  let held: WakeLockHandle | null = null;
  let asking = false;

  const release = () => {
    const handle = held;
    held = null;
    // Already released by the browser, or refused: nothing to undo.
    if (handle) void handle.release().catch(() => undefined);
  };

  const ask = () => {
    if (!api || !wanted || held || asking || !isVisible()) return;
    asking = true;
    api.request('screen').then(
      (handle) => {
        asking = false;
        held = handle;
        handle.addEventListener('release', () => {
          if (held === handle) held = null;
        });
        // Listening stopped while the lock was on its way.
        if (!wanted) release();
      },
      () => {
        asking = false;
      },
    );
  };

  return {
    supported: api !== undefined,
    want(next) {
      wanted = next;
      if (wanted) ask();
      else release();
    },
    visibilityChanged: ask,
    dispose() {
      wanted = false;
      release();
    },
  };
}

/** navigator.wakeLock, or undefined in a browser without it (Firefox before 126, an insecure context). */
export function browserWakeLock(): WakeLockApi | undefined {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator
    ? (navigator.wakeLock as WakeLockApi)
    : undefined;
}

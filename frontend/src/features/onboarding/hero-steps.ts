import { LOCAL_STORAGE_KEYS } from '../../lib/ui-constants';

/** docs/SPEC.md §2: the hero banner walks through these four steps, one per HERO_STEP_ROTATION_MS. */
export const HERO_STEPS = ['speak', 'transcribe', 'translate', 'analyze'] as const;
export type HeroStep = (typeof HERO_STEPS)[number];

export function heroStepAt(tick: number): HeroStep {
  return HERO_STEPS[tick % HERO_STEPS.length] ?? 'speak';
}

export const HERO_DISMISSED_STORAGE_KEY = LOCAL_STORAGE_KEYS.heroDismissed;

type StorageSource<Method extends keyof Storage> = () => Pick<Storage, Method>;
const browserStorage = () => window.localStorage;

// Blocked storage must not bring the banner down: unreadable means "not dismissed", unwritable means the
// dismissal lasts until the page is closed.
export function readHeroDismissed(storage: StorageSource<'getItem'> = browserStorage): boolean {
  try {
    return storage().getItem(HERO_DISMISSED_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function storeHeroDismissed(storage: StorageSource<'setItem'> = browserStorage): void {
  try {
    storage().setItem(HERO_DISMISSED_STORAGE_KEY, 'true');
  } catch {
    // The banner is hidden for this visit anyway.
  }
}

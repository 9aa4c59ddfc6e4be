import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TOAST_SWIPE_THRESHOLD_PX } from '../lib/ui-constants';

// docs/SPEC.md §9 sets the swipe-to-dismiss threshold at 45 px. sonner offers no prop for it (2.0.8 hard-codes it), so
// the rule is held here: an upgrade that changes sonner's threshold fails this test instead of changing the
// product silently, and whoever upgrades then sets it (a prop, if the new version has one) or pins sonner.
describe('toasts', () => {
  it('dismiss on a swipe of TOAST_SWIPE_THRESHOLD_PX (45 px), the threshold sonner applies', () => {
    const sonnerEntry = createRequire(import.meta.url).resolve('sonner');
    const source = readFileSync(sonnerEntry, 'utf8');
    const threshold = /SWIPE_THRESHOLD\s*=\s*(\d+)/.exec(source)?.[1];
    expect(Number(threshold)).toBe(TOAST_SWIPE_THRESHOLD_PX);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(45);
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only cleans up by itself when vitest globals are on; they are not.
afterEach(() => cleanup());

// A findBy or waitFor returns as soon as its element is there; the limit only says when to give up. Testing
// Library's 1 s was passed by lazy screens on a shared 2-core machine under load (two workers and other runs).
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks two things the vaul drawer (the language picker below 768 px) uses when a test clicks in it:
// pointer capture, and a `transform` on computed styles. Browsers have both; these stand-ins do nothing.
for (const name of ['setPointerCapture', 'releasePointerCapture'] as const) {
  Element.prototype[name] ??= () => undefined;
}
Element.prototype.hasPointerCapture ??= () => false;
// vaul reads `transform || webkitTransform || mozTransform` and expects a string from the last.
if (!('mozTransform' in CSSStyleDeclaration.prototype)) {
  Object.defineProperty(CSSStyleDeclaration.prototype, 'mozTransform', {
    get(this: CSSStyleDeclaration) {
      return this.getPropertyValue('transform');
    },
  });
}

// Only the files that ask for jsdom (`// @vitest-environment jsdom`, docs/DESIGN.md §8) get the DOM helpers: a
// file in Node has no document to clean up and should not pay for loading Testing Library.
if (typeof document !== 'undefined') await import('./vitest.setup-dom');

export {};

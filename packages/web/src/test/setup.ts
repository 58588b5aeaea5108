import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when test globals are on.
afterEach(() => {
  cleanup();
});

// jsdom lays nothing out, so it has no scrollIntoView; the typeahead keeps its highlight in view with it.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}

// jsdom has no CSS.escape, which React Aria's popovers, modals and collections use.
if (typeof globalThis.CSS === 'undefined') {
  Object.defineProperty(globalThis, 'CSS', {
    value: { escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`) },
    writable: true,
    configurable: true,
  });
}

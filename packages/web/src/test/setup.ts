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

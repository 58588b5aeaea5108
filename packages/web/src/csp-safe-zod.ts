// Zod compiles object parsers with `new Function` where it may. The page's policy
// forbids eval (script-src 'self'), so Zod would try, be refused (a Content Security
// Policy violation on every load, which browsers report as an issue) and fall back to
// what `jitless` gives at once. main.tsx imports this first: it must run before any
// schema is built, and imports are evaluated in order.
// zod/v4/core holds the setting alone: the root export would bring every schema class into
// the first screen's JavaScript.
import { config } from 'zod/v4/core';

config({ jitless: true });

// The declared layer order of each package's folders, lowest first: a folder
// may import its own layer and the ones below, never one above, and folders of
// one layer may not import each other in a circle. scripts/layers.mjs checks
// it; ARCHITECTURE.md ("Folder layers") shows its output.
//
// ALLOWLIST: each package's `allow` lists the imports that may run up or round.
// None are left: since issue 32 every folder of both packages imports one way.
// Should one ever be needed, add { from, to, owner, why } to its package's
// `allow`: `from` one importing folder, `to` the folders it may reach, `why`
// why the import stays and what would remove it, `owner` who decided to keep
// it (`lead`: a placement choice) or `follow-up` (debt to pay down). Delete an
// entry once its imports are gone: `npm run layers` then fails if they come
// back. The script prints allowlisted imports too.

export const LAYERS = [
  {
    src: 'packages/server/src',
    layers: [
      {
        name: 'base',
        units: ['errors', 'logger', 'package-dir', 'config', 'config-tracing', 'viewer'],
      },
      { name: 'storage', units: ['storage'] },
      { name: 'context', units: ['context'] },
      { name: 'transport', units: ['http', 'graphql'] },
      { name: 'features', units: ['features/*'] },
      { name: 'composition', units: ['app', 'schema', 'runtime', 'runtime-sync'] },
      { name: 'entry', units: ['cli', 'main'] },
    ],
    // No exceptions: the server's folders import one way only (issue 32).
    allow: [],
  },
  {
    src: 'packages/web/src',
    // Test helpers sit beside the app but are not part of it.
    skip: ['test'],
    layers: [
      { name: 'base', units: ['http', 'router', 'csp-safe-zod', 'lib'] },
      { name: 'i18n', units: ['i18n'] },
      { name: 'session', units: ['session'] },
      { name: 'relay', units: ['relay'] },
      { name: 'ui', units: ['ui'] },
      { name: 'features', units: ['features/*'] },
      { name: 'app', units: ['app'] },
      { name: 'entry', units: ['main'] },
    ],
    // No exceptions: the web's folders import one way only (issue 32).
    allow: [],
  },
];

// The declared layer order of each package's folders, lowest first: a folder
// may import its own layer and the ones below, never one above, and folders of
// one layer may not import each other in a circle. scripts/layers.mjs checks
// it; ARCHITECTURE.md ("Folder layers") shows its output.
//
// ALLOWLIST: the imports below run up or round on main after issue 32's
// branches landed. Each entry names one importing folder and the folders it
// may reach, with why the import stays and what would remove it; `owner` is
// who decided to keep it (`lead`: a placement choice) or `follow-up` (debt to
// pay down). Delete an entry once its imports are gone: `npm run layers` then
// fails if they come back. The script prints allowlisted imports too.

/** @param {string} owner @param {string} why */
const by = (owner, why) => (/** @type {[string, string[]][]} */ entries) =>
  entries.map(([from, to]) => ({ from, to, owner, why }));

/** Debt kept for now: `why` says why it stays and what would remove it. */
const debt = (/** @type {string} */ why) => by('follow-up', why);

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
    allow: [
      ...debt(
        'messaging calls the services of the features that hang off a message (attachments, mentions, reactions, settings) and they read its repo and ids; a message core below them, or hooks the runtime registers, would remove it',
      )([
        ['features/attachments', ['features/messaging']],
        ['features/conversation-settings', ['features/messaging', 'features/social-graph']],
        ['features/hidden-messages', ['features/messaging']],
        [
          'features/messaging',
          [
            'features/attachments',
            'features/conversation-settings',
            'features/reactions',
            'features/replies-mentions',
            'features/social-graph',
          ],
        ],
        ['features/reactions', ['features/messaging', 'features/social-graph']],
        [
          'features/replies-mentions',
          [
            'features/attachments',
            'features/hidden-messages',
            'features/messaging',
            'features/social-graph',
          ],
        ],
        ['features/social-graph', ['features/conversation-settings']],
      ]),
    ],
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

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
    // Type-only file cycles (import-x/no-cycle cannot see them; the script does).
    allowTypeCycles: [
      {
        files: [
          'features/analytics/conversation-entry-points.ts',
          'features/outbox/outbox.ts',
          'features/presence/presence-store.ts',
          'features/sync/live-sync.ts',
          'session/SessionProvider.tsx',
          'session/session-services.ts',
        ],
        owner: 'follow-up',
        why: 'SessionServices types services whose features read it back through useRelayServices (types only); their interfaces in session/ would remove it',
      },
    ],
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
    allow: [
      ...debt(
        'SessionServices types the per-login services the features build and read back (types only); their interfaces in session/ would remove it',
      )([
        [
          'session',
          [
            'features/analytics',
            'features/calls',
            'features/outbox',
            'features/presence',
            'features/sync',
            'features/typing',
          ],
        ],
      ]),
      ...debt(
        'AppHeader renders the appearance menu and the fullscreen toggle; the pages passing them in as children would remove it',
      )([['ui', ['features/appearance', 'features/leave-page']]]),
      ...debt(
        'the embed reads appearance settings from its URL and appearance boot reads the embed URL; settingsFromSearch in appearance would remove it',
      )([
        ['features/appearance', ['features/embed']],
        ['features/embed', ['features/appearance']],
      ]),
      ...debt(
        "screens compose one another's widgets, hooks and message descriptors (the messenger shell, conversation, thread list, tabs, sidebar, pickers); moving the shared pieces down to ui/ or a shared feature would remove it",
      )([
        ['features/analytics', ['features/nux']],
        ['features/beeper', ['features/thread-list']],
        [
          'features/broadcast',
          ['features/analytics', 'features/conversation', 'features/omnipicker'],
        ],
        [
          'features/chat-sidebar',
          [
            'features/chat-tabs',
            'features/presence',
            'features/search-typeahead',
            'features/thread-list',
          ],
        ],
        [
          'features/chat-tabs',
          [
            'features/conversation',
            'features/messenger',
            'features/presence',
            'features/thread-list',
          ],
        ],
        [
          'features/conversation',
          [
            'features/analytics',
            'features/chat-sidebar',
            'features/message-actions',
            'features/omnipicker',
            'features/outbox',
            'features/presence',
            'features/thread-list',
          ],
        ],
        ['features/message-actions', ['features/broadcast']],
        [
          'features/messenger',
          [
            'features/broadcast',
            'features/conversation',
            'features/omnipicker',
            'features/page-inbox',
            'features/requests',
            'features/search-typeahead',
            'features/thread-list',
          ],
        ],
        ['features/nux', ['features/analytics', 'features/beeper']],
        ['features/omnipicker', ['features/analytics', 'features/conversation']],
        ['features/outbox', ['features/conversation']],
        ['features/page-inbox', ['features/thread-list']],
        ['features/presence', ['features/chat-sidebar']],
        ['features/requests', ['features/thread-list']],
        [
          'features/search-typeahead',
          ['features/analytics', 'features/chat-tabs', 'features/presence'],
        ],
        ['features/thread-list', ['features/message-actions']],
      ]),
    ],
  },
];

// The declared layer order of each package's folders, lowest first: a folder
// may import its own layer and the ones below, never one above, and folders of
// one layer may not import each other in a circle. scripts/layers.mjs checks
// it; ARCHITECTURE.md ("Folder layers") shows its output.
//
// ALLOWLIST: the imports below run up or round today and are being removed by
// the helpers named in `owner` (issue 32). The lead deletes each entry when
// its branch lands; `npm run layers` then fails if the import comes back.
// The script prints allowlisted imports too, marked with their owner.

/** @param {string} owner @param {string} why */
const by = (owner, why) => (/** @type {[string, string[]][]} */ entries) =>
  entries.map(([from, to]) => ({ from, to, owner, why }));

const serverRuntime = by(
  'w32-runtime',
  'sync builds calls and messaging; services keyed by context',
);
const serverStorage = by('w32-storage', 'migrations and tables of features imported by storage');
const webSession = by(
  'w32-web',
  'shared widgets in features, lazyRoute in app, sync imports reducers',
);

export const LAYERS = [
  {
    src: 'packages/server/src',
    layers: [
      { name: 'base', units: ['errors', 'logger', 'package-dir', 'config'] },
      { name: 'storage', units: ['storage'] },
      { name: 'context', units: ['context'] },
      { name: 'transport', units: ['http', 'graphql'] },
      { name: 'features', units: ['features/*'] },
      { name: 'composition', units: ['app', 'runtime', 'runtime-sync'] },
      { name: 'entry', units: ['cli', 'main'] },
    ],
    allow: [
      ...by(
        'lead',
        'config reads the tracing and query-limit settings of their features',
      )([['config', ['features/observability', 'graphql']]]),
      ...by(
        'lead',
        'graphql/schema.ts assembles the features; it belongs to the composition root',
      )([['graphql', ['features/*']]]),
      ...serverRuntime([
        ['context', ['features/*']],
        ['features/accounts', ['features/sso', 'features/sync']],
        ['features/attachments', ['features/accounts', 'features/messaging', 'features/sync']],
        ['features/calls', ['features/messaging', 'features/sync']],
        [
          'features/conversation-settings',
          ['features/accounts', 'features/messaging', 'features/social-graph', 'features/sync'],
        ],
        ['features/hidden-messages', ['features/accounts', 'features/messaging', 'features/sync']],
        [
          'features/messaging',
          [
            'features/accounts',
            'features/attachments',
            'features/conversation-settings',
            'features/reactions',
            'features/replies-mentions',
            'features/social-graph',
            'features/sync',
          ],
        ],
        [
          'features/reactions',
          ['features/accounts', 'features/messaging', 'features/social-graph', 'features/sync'],
        ],
        [
          'features/replies-mentions',
          [
            'features/attachments',
            'features/hidden-messages',
            'features/messaging',
            'features/social-graph',
            'features/sync',
          ],
        ],
        ['features/social-graph', ['features/accounts', 'features/conversation-settings']],
        ['features/sso', ['features/accounts']],
        ['features/sync', ['features/accounts', 'features/calls', 'features/messaging']],
      ]),
      ...serverStorage([['storage', ['features/*']]]),
    ],
  },
  {
    src: 'packages/web/src',
    // Test helpers sit beside the app but are not part of it.
    skip: ['test'],
    // Type-only file cycles (import-x/no-cycle cannot see them; the script does).
    allowTypeCycles: [
      {
        files: ['features/calls/call-controller.ts', 'features/calls/call-requests.ts'],
        owner: 'w32-web',
        why: 'call-requests takes the CallTransport type from the controller that imports it',
      },
      {
        files: ['features/calls/CallButtons.tsx', 'features/calls/GroupCallPicker.tsx'],
        owner: 'w32-web',
        why: 'the picker takes CallPerson from the buttons that render it',
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
      ...by('w34-lang', 'the message catalogue imports every feature')([['i18n', ['features/*']]]),
      ...webSession([
        ['features/*', ['app']],
        ['relay', ['app']],
        ['ui', ['features/appearance', 'features/leave-page']],
        ['features/analytics', ['features/nux']],
        ['features/appearance', ['features/embed']],
        ['features/beeper', ['features/sync', 'features/thread-list']],
        [
          'features/broadcast',
          [
            'features/analytics',
            'features/conversation',
            'features/messenger',
            'features/omnipicker',
          ],
        ],
        ['features/calls', ['features/sync']],
        [
          'features/chat-sidebar',
          [
            'features/chat-tabs',
            'features/messenger',
            'features/presence',
            'features/search-typeahead',
            'features/sync',
            'features/thread-list',
          ],
        ],
        [
          'features/chat-tabs',
          [
            'features/conversation',
            'features/messenger',
            'features/presence',
            'features/sync',
            'features/thread-list',
          ],
        ],
        [
          'features/conversation',
          [
            'features/analytics',
            'features/calls',
            'features/chat-sidebar',
            'features/conversation-menu',
            'features/mentions',
            'features/message-actions',
            'features/omnipicker',
            'features/outbox',
            'features/presence',
            'features/sync',
            'features/thread-list',
            'features/typing',
          ],
        ],
        ['features/conversation-menu', ['features/sync', 'features/thread-list']],
        ['features/embed', ['features/appearance']],
        ['features/mentions', ['features/conversation']],
        ['features/message-actions', ['features/broadcast', 'features/sync']],
        [
          'features/messenger',
          [
            'features/broadcast',
            'features/conversation',
            'features/omnipicker',
            'features/page-inbox',
            'features/requests',
            'features/search-typeahead',
            'features/sync',
            'features/thread-list',
          ],
        ],
        ['features/nux', ['features/analytics', 'features/beeper']],
        [
          'features/omnipicker',
          ['features/analytics', 'features/conversation', 'features/messenger'],
        ],
        ['features/outbox', ['features/conversation', 'features/sync']],
        ['features/page-inbox', ['features/messenger', 'features/sync', 'features/thread-list']],
        ['features/presence', ['features/chat-sidebar']],
        ['features/requests', ['features/sync', 'features/thread-list']],
        [
          'features/search-typeahead',
          ['features/analytics', 'features/chat-tabs', 'features/messenger', 'features/presence'],
        ],
        [
          'features/sync',
          ['features/calls', 'features/conversation', 'features/presence', 'features/thread-list'],
        ],
        [
          'features/thread-list',
          [
            'features/conversation-menu',
            'features/mentions',
            'features/message-actions',
            'features/sync',
          ],
        ],
        ['features/typing', ['features/sync']],
      ]),
    ],
  },
];

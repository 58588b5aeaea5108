// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync } from 'node:fs';
import { LAYERS } from './scripts/layers.config.mjs';
import { LINT_ALLOWLIST } from './scripts/lint-allowlist.mjs';

const tsExtensions = ['.ts', '.tsx', '.js', '.mjs', '.json'];

// Package boundaries (ARCHITECTURE.md): core imports neither server nor web;
// web never imports server and the reverse.
const forbidden = (/** @type {string[]} */ names, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: names.map((group) => ({ group: [group, `${group}/*`], message: why })) },
  ],
});

/**
 * One no-restricted-paths zone per layer of scripts/layers.config.mjs (the
 * same order `npm run layers` checks by folder): a file of a layer may not
 * import from any layer above it. Among them: a feature never imports app/.
 */
function layerZones() {
  return LAYERS.flatMap((spec) => {
    const pathOf = (/** @type {string} */ unit) => {
      const base = `${spec.src}/${unit.replace(/\/\*$/, '')}`;
      const file = ['.ts', '.tsx'].map((ext) => base + ext).find((path) => existsSync(path));
      return file ?? base;
    };
    return spec.layers.slice(0, -1).map((layer, i) => ({
      target: layer.units.map(pathOf),
      from: spec.layers.slice(i + 1).flatMap((above) => above.units.map(pathOf)),
      message: `${layer.name} is below ${spec.layers
        .slice(i + 1)
        .map((l) => l.name)
        .join(
          ', ',
        )}: import the other way, or move the shared code down (ARCHITECTURE.md, Folder layers).`,
    }));
  });
}

// Services that live as long as a session or a server are built once by the
// composition root and passed down, never kept in a module-level map keyed by
// the context (issue 32): AppContext on the server, the Relay environment,
// live sync, the socket or the API client in the web.
const CONTEXT_KEYS = '/^(AppContext|Environment|IEnvironment|LiveSync|SyncConnection|Api)$/';
const contextKeyedNew = `NewExpression[callee.name=/^(Weak)?Map$/][typeArguments.params.0.typeName.name=${CONTEXT_KEYS}]`;
const contextKeyedMap = {
  selector: [
    `Program > VariableDeclaration > VariableDeclarator > ${contextKeyedNew}`,
    `Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > ${contextKeyedNew}`,
  ].join(', '),
  message:
    'No module-level map keyed by a context: let the composition root build the service and pass it (issue 32).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/coverage/**',
      '**/dist/**',
      'packages/web/builds/**',
      '**/data/**',
      '**/__generated__/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver({ extensions: tsExtensions })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    ignores: ['packages/core/**/*.test.ts'],
    rules: {
      ...forbidden(
        ['@messenger/server', '@messenger/web', 'node:*', 'fs', 'path', 'http', 'react'],
        'core is pure: no server, web, DOM or Node I/O (ARCHITECTURE.md)',
      ),
      // core is pure: time and randomness are passed in.
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'fetch',
          'setTimeout',
          'setInterval',
          'performance',
          'crypto',
          'navigator',
          'localStorage',
        ].map((name) => ({ name, message: 'core is pure: pass it in (clock, fetcher)' })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core is pure: use the injected Clock' },
        { object: 'Math', property: 'random', message: 'core is pure: inject randomness' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'core is pure: use the injected Clock',
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: forbidden(['@messenger/server'], 'web never imports server (ARCHITECTURE.md)'),
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: forbidden(['@messenger/web'], 'server never imports web (ARCHITECTURE.md)'),
  },
  {
    files: ['packages/server/src/**/*.ts', 'packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': ['error', contextKeyedMap],
      'import-x/no-restricted-paths': ['error', { zones: layerZones() }],
    },
  },
  // Files that break those two rules today, with the helper removing each
  // (scripts/lint-allowlist.mjs); the lead deletes entries as branches land.
  ...LINT_ALLOWLIST.map(({ rule, files }) => ({ files, rules: { [rule]: 'off' } })),
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
);

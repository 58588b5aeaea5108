// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const tsExtensions = ['.ts', '.tsx', '.js', '.mjs', '.json'];

// Package boundaries (ARCHITECTURE.md): core imports neither server nor web;
// web never imports server and the reverse.
const forbidden = (/** @type {string[]} */ names, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: names.map((group) => ({ group: [group, `${group}/*`], message: why })) },
  ],
});

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

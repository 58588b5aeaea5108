import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Relay's babel plugin turns graphql`...` tags into imports of the compiled
 * artifacts (`__generated__/*.graphql.ts`, written by `npm run relay`).
 * plugin-react 6 ignores its `babel` option, so Babel runs through
 * @rolldown/plugin-babel, and only on files that contain a graphql tag.
 */
const relayPreset = defineRolldownBabelPreset({
  preset: () => ({ plugins: [['relay', { eagerEsModules: true }]] }),
  rolldown: { filter: { code: /\bgraphql`/ } },
});

/** Where `vite dev` forwards the server's paths (run the server with `npm start`). */
const serverUrl = process.env.MESSENGER_SERVER_URL ?? 'http://127.0.0.1:8080';
const serverPaths = ['/graphql', '/auth', '/ajax', '/qp', '/work', '/settings', '/admin'];

export default defineConfig({
  plugins: [react(), babel({ presets: [relayPreset] })],
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: the size check reads the first screen's chunks from it.
    manifest: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      ...Object.fromEntries(serverPaths.map((path) => [path, { target: serverUrl }])),
      '/sync': { target: serverUrl, ws: true },
    },
  },
});

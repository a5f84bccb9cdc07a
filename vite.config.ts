/**
 * The web app's build: `web/` is the entry (index.html, main.tsx), the output is dist/web (served by
 * server/web.ts). In development `vite` proxies the API and /healthz to the server on 8787.
 */
import { defineConfig, type Plugin } from 'vite';
import { build as esbuild } from 'esbuild';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { compileValidators, VIRTUAL_ID, type CompiledValidators } from './scripts/vite/validators-module.ts';
import { dformDecimalSeparator } from './scripts/vite/decimal-separator-plugin.ts';

const API = 'http://127.0.0.1:8787';
const SCHEMAS = path.resolve(import.meta.dirname, 'schemas');

/**
 * `virtual:dform-validators` (the index) and `virtual:dform-validators/<module>/<type>` (one entity's
 * validator, a chunk of its own): compiled ahead of time, so the browser needs no eval.
 */
function dformValidators(): Plugin {
  const prefix = `${VIRTUAL_ID}/`;
  let compiled: CompiledValidators | undefined;
  const get = () => (compiled ??= compileValidators(SCHEMAS));
  return {
    name: 'dform-validators',
    resolveId: (id) => (id === VIRTUAL_ID || id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_ID}`)) return undefined;
      const c = get();
      for (const f of c.files) this.addWatchFile(f);
      const name = id.slice(1);
      if (name === VIRTUAL_ID) return c.index;
      const code = c.entities.get(name.slice(prefix.length));
      if (code === undefined) throw new Error(`dform-validators: no entity ${name.slice(prefix.length)}`);
      return code;
    },
    // A schema edited under the dev server: compile again on the next load.
    watchChange(file) {
      if (file.startsWith(SCHEMAS)) compiled = undefined;
    },
  };
}

/**
 * A form page's first script (web/early-data.ts; server/web.ts names it in the page), built whole
 * into one file of its own: as a chunk of the app it would import the modules it shares with the
 * app's code, one more round trip before it can ask for the page's data.
 */
function firstScript(): Plugin {
  const entry = path.resolve(import.meta.dirname, 'web', 'early-data.ts');
  return {
    name: 'dform-first-script',
    apply: 'build',
    async generateBundle() {
      const built = await esbuild({
        entryPoints: [entry],
        bundle: true,
        format: 'esm',
        minify: true,
        write: false,
        target: 'es2022',
        platform: 'browser',
      });
      this.emitFile({
        type: 'asset',
        name: 'early-data.js',
        originalFileName: 'early-data.ts',
        source: built.outputFiles[0].text,
      });
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: {
    // react-router's package points every bundler at its development build; ship the production one.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
            },
          ]
        : [],
  },
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: false,
  plugins: [react(), dformValidators(), dformDecimalSeparator(), firstScript()],
  optimizeDeps: {
    include: [
      'ajv/dist/runtime/ucs2length',
      'ajv/dist/runtime/equal',
      'ajv/dist/runtime/uri',
      'ajv-formats/dist/formats',
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    // No inline scripts or module preload polyfill: the server's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
    // Read by the server (server/web.ts) to name the form screens' code in their pages.
    manifest: true,

    chunkSizeWarningLimit: 1500,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '^/[a-z]+/api/.*': { target: API, changeOrigin: false },
      '/healthz': { target: API },
    },
  },
}));

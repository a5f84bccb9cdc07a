/**
 * The web app's build: `web/` is the entry (index.html, main.tsx), the output is dist/web (served by
 * server/web.ts). In development `vite` proxies the API and /healthz to the server on 8787.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const API = 'http://127.0.0.1:8787';

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'web'),
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    // No inline scripts or module preload polyfill: the server's CSP is script-src 'self'.
    modulePreload: { polyfill: false },
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
});

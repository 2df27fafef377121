import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: {
    target: 'es2022',
    sourcemap: true,
    assetsInlineLimit: 0,
    // Everything the first page imports statically ships as one file: split into React, zod, i18next and
    // query files (each compressed alone) it cost 3.7 KB more gzip before the Overview greets, and a group of the
    // first page's packages alone 0.7 KB more than this (bench web-payload).
    // Lazy screens still get their own chunks; the group takes only modules the first page loads anyway.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/oidc', '/oidc-assets', '/config.json', '/health'].map((p) => [p, { target: 'http://localhost:3000', ws: p === '/api' }])),
  },
});

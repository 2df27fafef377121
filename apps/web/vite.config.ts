import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  build: { target: 'es2022', sourcemap: true, assetsInlineLimit: 0 },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/oidc', '/oidc-assets', '/config.json', '/health'].map((p) => [p, { target: 'http://localhost:3000', ws: p === '/api' }])),
  },
});

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@common': here('../common') },
  },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    fs: { allow: [here('..')] },
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': api,
      '/readyz': api,
    },
  },
});

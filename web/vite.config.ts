import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const api = 'http://localhost:3000';

/**
 * The chunks each chunk imports statically, directly or not: they are loaded before any lazy import in it can
 * run. Read from the bundle just before Vite writes the preload lists (build.modulePreload.resolveDependencies).
 */
const loadedWith = new Map<string, Set<string>>();
function staticImports(): Plugin {
  return {
    name: 'reelhouse:static-imports',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const direct = (file: string) => {
          const chunk = bundle[file];
          return chunk?.type === 'chunk' ? [...chunk.imports, ...(chunk.viteMetadata?.importedCss ?? [])] : [];
        };
        for (const file of Object.keys(bundle)) {
          const seen = new Set<string>();
          const queue = direct(file);
          while (queue.length) {
            const next = queue.pop() as string;
            if (seen.has(next)) continue;
            seen.add(next);
            queue.push(...direct(next));
          }
          loadedWith.set(file, seen);
        }
      },
    },
  };
}

export default defineConfig({
  root: here('.'),
  publicDir: here('./public'),
  plugins: [react(), tailwindcss(), staticImports()],
  resolve: {
    alias: {
      '@common': here('../common'),
      // React 19 has useSyncExternalStore: the shim wouter imports would only add a fallback nobody runs.
      'use-sync-external-store/shim/index.js': here('./src/lib/use-sync-external-store.ts'),
    },
  },
  build: {
    outDir: here('../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: {
      // A lazy import's preload list leaves out what the importing chunk imports statically: that is loaded
      // already, and listing it again only adds bytes to every download that carries the list.
      resolveDependencies: (_file, deps, { hostId, hostType }) => {
        const loaded = hostType === 'js' ? loadedWith.get(hostId) : undefined;
        return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
      },
    },
  },
  server: {
    port: 5173,
    fs: { allow: [here('..')] },
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/healthz': api,
      '/readyz': api,
      // A person's RSS feeds (modules/account).
      '^/users/[^/]+/(reviews|lists)\\.rss$': api,
    },
  },
});

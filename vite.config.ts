import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The app and the reference server must agree on the prefix: both read PHAROS_BASE.
function basePath(): string {
  const raw = process.env.PHAROS_BASE ?? '/nagiosxi/';
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export default defineConfig({
  base: basePath(),
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in; the shim's fallback would only add bytes to the first load.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs an es2022 build supports <link rel=modulepreload>: the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first paint needs in one chunk: otherwise Rolldown splits React into a shared chunk
          // (it is also used by the lazily loaded overlay code), one more request and gzip stream on first load.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: {
      '^/nagiosxi/(api|ajaxhelper\\.php|login\\.php|suggest\\.php|ajaxproxy\\.php|includes|admin|classic)': 'http://127.0.0.1:8080',
    },
  },
});

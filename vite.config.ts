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
  },
  server: {
    proxy: {
      '^/nagiosxi/(api|ajaxhelper\\.php|login\\.php|suggest\\.php|ajaxproxy\\.php|includes|admin|classic)': 'http://127.0.0.1:8080',
    },
  },
});

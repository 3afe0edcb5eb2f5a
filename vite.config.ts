import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, minifySync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The app and the reference server must agree on the prefix: both read PHAROS_BASE.
function basePath(): string {
  const raw = process.env.PHAROS_BASE ?? '/nagiosxi/';
  const trimmed = raw.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

/**
 * The translations live with the server (server/static/lang), outside the build; the worker precaches them with a
 * content revision, so the first visit can already start offline and a new version brings its new texts.
 */
function translationEntries(base: string): Array<{ url: string; revision: string }> {
  const dir = fileURLToPath(new URL('./server/static/lang/json/', import.meta.url));
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((file) => ({
    url: `${base}includes/lang/json/${file}`,
    revision: createHash('sha256').update(fs.readFileSync(dir + file)).digest('hex').slice(0, 16),
  }));
}

/**
 * The first load in as few chunks as possible: the code both documents need ('app'), and what only the shell
 * ('shell') or only the wallboard ('wallboard-app') needs. Found by walking static importers up to the entries.
 */
function initialChunkName(id: string, ctx: { getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null }): string | null {
  // The entry modules stay alone in their entry chunks: a lazy chunk importing a shared module must never load an
  // entry chunk, which would boot that document's app a second time.
  if (/[\\/]src[\\/]app[\\/](main|wallboardMain)\.tsx$|\.html$/.test(id)) return null;
  const seen = new Set<string>();
  const entries = new Set<string>();
  const stack = [id];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry) entries.add(next.endsWith('wallboard.html') ? 'wallboard' : 'index');
    stack.push(...info.importers);
  }
  if (entries.size !== 1) return 'app';
  return entries.has('wallboard') ? 'wallboard-app' : 'shell';
}

/** The service worker's build: one file, asked for with Rolldown's own option instead of the deprecated Rollup one. */
function singleFileWorker(): Plugin {
  return {
    name: 'pharos:single-file-worker',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        const { inlineDynamicImports, ...rest } = output;
        config.build!.rollupOptions!.output = { ...rest, codeSplitting: !inlineDynamicImports };
      }
    },
  };
}

/**
 * Issue 19: a Brotli and a gzip copy beside every built JS and CSS asset, which the reference server sends to browsers
 * that accept them (@fastify/static's preCompressed). Uncompressed, the first load's JS is three times the bytes. (Not
 * the documents: those are compressed by the server from the file itself, so an edited document is never sent stale.)
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pharos:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      for (const name of Object.keys(bundle)) {
        if (!/^assets\/.*\.(js|css)$/.test(name)) continue;
        const file = `${dir}/${name}`;
        const body = fs.readFileSync(file);
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Issue 19: public/first-screen.js is a blocking script of both documents (the CSP allows no inline one), so it is
 * minified like the bundle; the source in public/ stays readable.
 */
function minifyFirstScreen(targets: string[]): Plugin {
  let outDir = 'dist';
  return {
    name: 'pharos:minify-first-screen',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(options) {
      const file = `${options.dir ?? outDir}/first-screen.js`;
      if (!fs.existsSync(file)) return;
      const result = minifySync('first-screen.js', fs.readFileSync(file, 'utf8'), { compress: { target: targets }, mangle: true });
      if (result.errors.length > 0) throw new Error(`first-screen.js: ${result.errors.map((e) => e.message).join('; ')}`);
      fs.writeFileSync(file, result.code);
    },
  };
}

/**
 * Issue 19: the icons' shapes as a sprite of <symbol>s in the documents, which the browser parses with the HTML, so
 * they cost the first load no JavaScript (ui/Icon draws `<use href="#icon-…">`). A document names its sets in an
 * `<!-- icon sprite: common shell -->` comment: src/ui/icons/{set}.svg each; the wallboard's has only the common one.
 */
function iconSprite(): Plugin {
  const dir = fileURLToPath(new URL('./src/ui/icons/', import.meta.url));
  return {
    name: 'pharos:icon-sprite',
    transformIndexHtml(html) {
      return html.replace(/<!-- icon sprite: ([a-z ]+) -->/, (_, sets: string) => {
        const symbols = sets.trim().split(/\s+/).flatMap((set) => fs.readFileSync(`${dir}${set}.svg`, 'utf8').match(/<symbol[^]*?<\/symbol>/g) ?? []);
        return `<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" style="display:none">${symbols.join('')}</svg>`;
      });
    },
  };
}

/** What a paired display reports as its version: the package version and the commit it was built from. */
function buildVersion(): string {
  const { version } = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    return `${version}+${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`;
  } catch {
    return version;
  }
}

// The wallboard runs on TV browsers: LG webOS 22 (Chromium 87) and Safari 14. `npm test` checks the output (test:compat).
const BUILD_TARGET = ['chrome87', 'safari14'];

export default defineConfig({
  base: basePath(),
  define: { __PHAROS_VERSION__: JSON.stringify(buildVersion()) },
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in; the shim's fallback would only add bytes to the first load.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  plugins: [
    react(),
    iconSprite(),
    precompressAssets(),
    minifyFirstScreen(BUILD_TARGET),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // vite-plugin-pwa 1.x builds the worker into one file with Rollup's `inlineDynamicImports`, which Rolldown
        // deprecates (a warning on every build); its replacement, `codeSplitting: false`, does the same.
        buildPlugins: { vite: [singleFileWorker()] },
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        additionalManifestEntries: translationEntries(basePath()),
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: BUILD_TARGET,
    // Safari before 17 ignores <link rel=modulepreload> and fetches the chunks when they are imported (slower, not broken);
    // every other target supports it, so the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Slow plugin warnings depend on how busy the machine is, not on the build: a loaded CI machine would print them
      // on every `npm start`.
      checks: { bundlerTimings: false },
      // Two documents: the shell, and the wallboard, which a TV loads without the navigation regions' code.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        wallboard: fileURLToPath(new URL('./wallboard.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // What the first paint needs in as few chunks as possible: otherwise Rolldown splits React into a shared
          // chunk (it is also used by the lazily loaded overlay code), one more request and gzip stream on first load.
          // Grouped by entry: the code both documents need, and what only one of them needs.
          groups: [{ name: initialChunkName, debugName: 'initial chunks per entry', tags: ['$initial'] }],
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

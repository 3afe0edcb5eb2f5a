import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * What the chosen stack costs before any app code: the libraries every first load needs (React 19's client, i18next,
 * signals, wouter, redaxios, idb-keyval), bundled and minified like the app for its browser targets, in gzip bytes.
 */
export async function libraryFloor(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-floor-'));
  // Inside the project, so the libraries resolve from its node_modules.
  const entry = path.join(root, `.bench-floor-${process.pid}.ts`);
  fs.writeFileSync(entry, [
    "import { createRoot } from 'react-dom/client';",
    "import { createElement, useState, useEffect, createContext, useContext, lazy, Suspense, StrictMode } from 'react';",
    "import i18next from 'i18next';",
    "import { signal, computed, effect, batch } from '@preact/signals-react';",
    "import { useSignals } from '@preact/signals-react/runtime';",
    "import { Router, useSearch, useLocation } from 'wouter';",
    "import axios from 'redaxios';",
    "import { get, set, del, createStore } from 'idb-keyval';",
    'Object.assign(globalThis, { createRoot, createElement, useState, useEffect, createContext, useContext, lazy, Suspense, StrictMode, i18next, signal, computed, effect, batch, useSignals, Router, useSearch, useLocation, axios, get, set, del, createStore });',
  ].join('\n'));
  try {
    await build({
      configFile: false, logLevel: 'silent', publicDir: false, root,
      define: { 'process.env.NODE_ENV': '"production"' },
      build: {
        outDir: dir, emptyOutDir: true, target: ['chrome87', 'safari14'], lib: { entry, formats: ['es'], fileName: 'floor' },
        // An ES library build keeps its whitespace and comments (Vite's codegen: false, for its users' own bundlers);
        // the app's chunks are minified in full, so the floor must be too, or it counts ~10 KiB of layout as library.
        rolldownOptions: { output: { minify: true } },
      },
    });
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.js'))!;
    return gzipSync(fs.readFileSync(path.join(dir, file)), { level: 9 }).length;
  } finally {
    fs.rmSync(entry, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

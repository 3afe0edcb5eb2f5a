declare const __PHAROS_VERSION__: string | undefined;

/** The build's version (vite.config.ts defines it; tests run without it). */
export const BUILD_VERSION: string = typeof __PHAROS_VERSION__ === 'string' ? __PHAROS_VERSION__ : 'dev';

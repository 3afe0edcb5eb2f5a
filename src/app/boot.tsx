import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppContext, type AppCore, type AppMode, type MakeShellModels, type ShellModels } from './context';
import { handOverFirstScreen } from './firstScreen';
import './theme.css';

/** The shell's own models: their factory and their providers (shellModels.tsx); the wallboard's entry has none. */
export interface ShellParts {
  make: MakeShellModels;
  Providers: ComponentType<{ models: ShellModels; children: ReactNode }>;
}

/**
 * Makes the models once, starts what the first paint waits for in parallel, and renders `routes` under them. Issue 19:
 * in a task after the one that evaluates the modules, so that neither blocks the main thread for long.
 */
export function boot(mode: AppMode, routes: ReactNode, shell?: ShellParts): void {
  setTimeout(() => start(mode, routes, shell), 0);
}

function start(mode: AppMode, routes: ReactNode, shell?: ShellParts): void {
  let app: AppCore;
  let tree = routes;
  if (shell) {
    const framed = createAppContext(mode, shell.make);
    tree = <shell.Providers models={framed}>{routes}</shell.Providers>;
    app = framed;
  } else {
    app = createAppContext(mode);
  }
  app.start();
  // Started before the first render so translations, auth and menu load in parallel.
  void app.i18n.init(app.store);
  void app.auth.prefetch();
  void app.menu.prefetch();
  // Issue 19: the rest in tasks of their own, so that no one task of the start blocks the main thread for long; the
  // first render waits for the translations anyway, and the static first screen stands until then.
  setTimeout(() => {
    // The footer is the frame's largest text, so its paint is the first load's LCP (issue 19): what it waits for is
    // asked for now, with auth and menu, rather than after the first render.
    if (mode === 'framed') for (const data of [app.shell.branding, app.shell.productName, app.shell.productUpdate]) void data.prefetch();
  }, 0);
  setTimeout(() => {
    // Before the first render, so the stored theme paints without a flash (first-screen.js put it on <html> already).
    app.theme.bindThemeClass();
    const root = document.getElementById('root')!;
    // The static first screen (issue 19) goes when the app first renders into the root, in that same frame.
    handOverFirstScreen(root);
    createRoot(root).render(
      <StrictMode>
        <App app={app}>{tree}</App>
      </StrictMode>,
    );
    app.sw.registerWhenIdle();
  }, 0);
}

import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppContext, type AppMode } from './context';
import './theme.css';

/** Makes the models once, starts what the first paint waits for in parallel, and renders `routes` under them. */
export function boot(mode: AppMode, routes: ReactNode): void {
  const app = createAppContext(mode);
  app.start();
  // Started before the first render so translations, auth and menu load in parallel.
  void app.i18n.init(app.store);
  void app.auth.prefetch();
  void app.menu.prefetch();
  // Before the first render, so the stored theme paints without a flash.
  app.theme.bindThemeClass();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App app={app}>{routes}</App>
    </StrictMode>,
  );

  app.sw.registerWhenIdle();
}

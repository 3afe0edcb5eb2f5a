import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { stripBase } from '../lib/base';
import { initI18n } from '../lib/i18n';
import { routeFor } from '../lib/routeFor';
import { App } from './App';
import { createAppContext } from './context';
import './theme.css';

const app = createAppContext(routeFor(stripBase(window.location.pathname)).kind === 'wallboard' ? 'wallboard' : 'framed');
app.start();
// Started before the first render so translations, auth and menu load in parallel.
void initI18n(app.store);
void app.auth.prefetch();
void app.menu.prefetch();
// Before the first render, so the stored theme paints without a flash.
app.theme.bindThemeClass();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App app={app} />
  </StrictMode>,
);

app.sw.registerWhenIdle();

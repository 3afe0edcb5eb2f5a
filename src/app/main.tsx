import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setUnauthorizedHandler } from '../lib/http';
import { initI18n } from '../lib/i18n';
import { registerServiceWorkerWhenIdle } from '../lib/sw';
import { expireSession } from '../features/session/model';
import { bindThemeClass } from '../features/theme/model';
import { App } from './App';
import { authResource } from './authResource';
import { menuResource } from './menuResource';
import './theme.css';

setUnauthorizedHandler(expireSession);
bindThemeClass();
// Started before the first render so translations, auth and menu load in parallel.
void initI18n();
void authResource.prefetch();
void menuResource.prefetch();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorkerWhenIdle();

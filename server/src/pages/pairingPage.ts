import { mark, t, translate } from '../http/language.js';
import { html } from './html.js';
import { classicDocument } from './layout.js';

export const PAIRING_TEXT = mark('Enter this code under Admin → Displays');

/**
 * The wallboard address without a session or device token (issue 10): a full-screen code, never a login form.
 * In the visitor's language (`answerVisitor`): nobody is signed in on the screen.
 * The script (static/js/pairing.js) asks for the code, renews it every 10 minutes and polls for the claim.
 */
export function pairingPage(base: string, wallboardUrl = `${base}wallboard`): string {
  // A TV whose owner would rather sign in comes back to the same wallboard address once signed in.
  const signIn = `${base}login.php?redirect=${encodeURIComponent(wallboardUrl)}`;
  return classicDocument({
    base,
    title: `${t`Pair this display`} · Pharos`,
    bodyClass: 'pairing',
    // The script's own words, in the page's language: it has no catalogue of its own.
    body: html`<main class="pairing-screen" data-base="${base}" data-waiting="${t`Waiting for an administrator…`}"
 data-unreachable="${t`The server cannot be reached. Trying again…`}" data-paired="${t`Paired as {name}. Starting…`}">
  <h1>${t`Pair this display`}</h1>
  <p class="pairing-code" id="pairing-code" aria-live="polite" data-testid="pairing-code">········</p>
  <p class="pairing-text">${translate(PAIRING_TEXT)}</p>
  <p class="pairing-status" id="pairing-status" role="status"></p>
  <p class="pairing-signin"><a href="${signIn}" data-testid="pairing-signin">${t`Sign in instead`}</a></p>
</main>
<script src="${base}includes/js/pairing.js"></script>`,
  });
}

import './firstScreen.css';

/**
 * Issue 19: the documents paint a static first screen (the frame's regions with the layout's own classes; the
 * wallboard's strip and clock). public/first-screen.js, a blocking script in the head (the CSP allows no inline one),
 * first puts the stored theme on <html> as the theme model will (per-user keys of lib/store.ts), places the wallboard's
 * strip as its strip= asks, fills in the clock, and preloads the stored language's translations (lib/i18n.ts loads
 * that one first).
 *
 * The documents paint a static first screen (#first-screen) before any script runs. It stays until the app
 * first puts something into `root` (the frame, or an error or timeout screen), and goes in that same frame: a
 * mutation observer's callback runs before the browser paints again, so there is no blank frame between the two,
 * and since the overlay is removed rather than moved, no layout shift either.
 */
export function handOverFirstScreen(root: HTMLElement, doc: Document = document): void {
  const first = doc.getElementById('first-screen');
  if (!first) return;
  if (root.firstChild) {
    first.remove();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!root.firstChild) return;
    observer.disconnect();
    first.remove();
  });
  observer.observe(root, { childList: true });
}

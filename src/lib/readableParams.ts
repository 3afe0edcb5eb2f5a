/**
 * Issue 20: stored wallboard parameters as people write them (`views=0,1,3`, not `views=0%2C1%2C3`). Only what would read
 * back differently stays encoded (`%`, `&`, `=`, `+`, `#`), so the shown text, saved again, means the same.
 * Shared by the app's Displays screen and the server's classic page, so both show the same text.
 */
export function readableParams(params: string): string {
  const piece = (text: string) => text.split('+').map((part) => {
    try {
      return decodeURIComponent(part).replace(/[%&=+#]/g, encodeURIComponent);
    } catch {
      return part;
    }
  }).join('+');
  return params.split('&').map((pair) => pair.split('=').map(piece).join('=')).join('&');
}

import { describe, expect, it } from 'vitest';
import { frameLoad } from './frameLoad';

/** A frame whose document is `body` served as `contentType` with `status` (Navigation Timing's responseStatus). */
function frameWith(body: string, contentType: string, status?: number, path = '/includes/page.php'): HTMLIFrameElement {
  const doc = document.implementation.createHTMLDocument('');
  doc.documentElement.innerHTML = body;
  Object.defineProperty(doc, 'contentType', { value: contentType });
  const win = {
    location: { href: `http://localhost${path}`, pathname: path, search: '', hash: '' },
    document: doc,
    performance: { getEntriesByType: () => (status === undefined ? [] : [{ responseStatus: status }]) },
  };
  return { contentWindow: win } as unknown as HTMLIFrameElement;
}

const OURS = '<head><meta name="pharos-page" content="classic"></head><body>Host status</body>';

describe('frameLoad: no error document is ever taken for a page (issue 17)', () => {
  it('a page of ours that answered 200 is shown', () => {
    expect(frameLoad(frameWith(OURS, 'text/html', 200)).kind).toBe('ok');
  });

  it('a JSON or plain-text body is a failed load, whatever its status', () => {
    const json = '<body><pre>{"error":"Service Unavailable","statusCode":503}</pre></body>';
    expect(frameLoad(frameWith(json, 'application/json', 503)).kind).toBe('failed');
    expect(frameLoad(frameWith(json, 'application/json')).kind).toBe('failed');
    expect(frameLoad(frameWith('<body>Bad Gateway</body>', 'text/plain', 200)).kind).toBe('failed');
  });

  it("a proxy's error page (non-2xx, not ours) is a failed load; our own error page explains itself and is shown", () => {
    expect(frameLoad(frameWith('<body><h1>502 Bad Gateway</h1>nginx</body>', 'text/html', 502)).kind).toBe('failed');
    expect(frameLoad(frameWith(OURS, 'text/html', 404)).kind).toBe('ok');
  });

  it('the server\'s shutdown page and the worker\'s offline page are failed loads', () => {
    expect(frameLoad(frameWith('<head><meta name="pharos-unavailable"></head>', 'text/html', 503)).kind).toBe('failed');
    expect(frameLoad(frameWith('<head><meta name="pharos-offline"></head>', 'text/html', 200)).kind).toBe('failed');
  });

  it('the login form is a lost session, never a page to show', () => {
    expect(frameLoad(frameWith(OURS, 'text/html', 200, '/login.php')).kind).toBe('signedOut');
  });
});

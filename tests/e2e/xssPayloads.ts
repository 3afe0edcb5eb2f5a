/**
 * Markup and script payloads for the XSS suite (issue 11): each would run `alert` or leave an element with an
 * `on…` handler or a `data-xss` attribute if a sink rendered it as markup. All are single-line, without control
 * characters and at most 100 characters, so every text field of the server stores them as they are.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//127.0.0.1:1/x.js></SCRIPT>',
  '<script>confirm(1)</script>',
  '<script>prompt(1)</script>',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  '<IMG SRC=x OnErRoR=alert(1)>',
  '<img src=x onerror=alert`1`>',
  '<img/src=x/onerror=alert(1)>',
  '<img src=x:alert(1) onerror=eval(src)>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)" data-xss>x</a>',
  '<a href="JaVaScRiPt:alert(1)" data-xss>x</a>',
  '<a href="&#106;avascript:alert(1)" data-xss>x</a>',
  'javascript:alert(1)',
  'javascript:/*--></title></style></textarea></script><svg/onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<div style="width:expression(alert(1))" data-xss>',
  '<style>@import "javascript:alert(1)";</style><b data-xss>',
  '<link rel=import href="data:text/html,<script>alert(1)</script>">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button data-xss>x</button></form>',
  '" onmouseover="alert(1)" data-xss="',
  "' onmouseover='alert(1)' data-xss='",
  '" autofocus onfocus="alert(1)" x="',
  '"><img src=x onerror=alert(1)>',
  "'><img src=x onerror=alert(1)>",
  '`><img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '#{alert(1)}',
  '<%= alert(1) %>',
  '<template><img src=x onerror=alert(1)></template><b data-xss>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '&lt;img src=x onerror=alert(1)&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '\\u003cimg src=x onerror=alert(1)\\u003e',
  '\\x3cscript\\x3ealert(1)\\x3c/script\\x3e',
  '+ADw-script+AD4-alert(1)+ADw-/script+AD4-',
  '＜script＞alert(1)＜/script＞',
  '<b data-xss>bold</b><i data-xss>italic</i>',
  '[click](javascript:alert(1))',
];

/** Attributes a rendered payload would leave in this document: any event handler, a script URL, or the payloads' own mark. Self-contained: it runs in the page. */
export function injectedElements(): string[] {
  const found: string[] = [];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      // Browsers skip blanks and control characters inside a URL's scheme.
      const value = Array.from(attr.value).filter((c) => c.charCodeAt(0) > 32).join('').toLowerCase();
      if (name.startsWith('on') || name === 'data-xss' || name === 'srcdoc' || value.startsWith('javascript:') || value.startsWith('data:text/html')) {
        found.push(`<${el.tagName.toLowerCase()} ${attr.name}="${attr.value.slice(0, 60)}">`);
      }
    }
    if (el.tagName === 'SCRIPT' && !el.getAttribute('src') && el.getAttribute('type') !== 'application/json') found.push('<script> without src');
  }
  return found;
}

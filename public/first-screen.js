/* Issue 19: before the first paint, the stored theme, the wallboard's strip place and clock, and a preload of the stored language's translations (see src/app/firstScreen.ts). No modules or newer syntax: TV browsers run it too. */
(function () {
  var root = document.documentElement, owner = '';
  var THEMES = { neptune: '#131b25', neptunelight: '#f4f6f9', neptunecolorblind: '#121820' };
  // The first pharos_user cookie, as the app reads it (ownerFromCookie in src/app/context.ts).
  var cookie = /(?:^|;)\s*pharos_user=([^;]*)/.exec(document.cookie);
  try { owner = cookie ? decodeURIComponent(cookie[1]) : ''; } catch { /* no owner: nothing stored is read */ }
  function local(name) {
    try { return owner && localStorage.getItem('pharos.' + name + ':' + owner); } catch { return null; }
  }
  var theme = local('theme');
  if (theme && /^neptune(light|colorblind)?$/.test(theme)) {
    root.className = theme;
    root.style.colorScheme = theme === 'neptunelight' ? 'light' : 'dark';
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', THEMES[theme]);
  }
  if (/\/wallboard\/?$/.test(location.pathname)) {
    var strip = /(?:^|[?&])strip=(bottom|top|off)(?:&|$)/.exec(location.search);
    if (strip) root.setAttribute('data-first-strip', strip[1]);
    // Formatted now, before the first paint: the browser's first date formatting loads its locale data (tens of ms on
    // a TV), which would otherwise block the main thread while the app starts. The strip is placed once parsed.
    var time = null;
    try {
      time = new Date().toLocaleTimeString(root.lang || 'en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    } catch { /* the placeholder stays */ }
    document.addEventListener('DOMContentLoaded', function () {
      var clock = document.querySelector('#first-screen .wallboard-clock');
      if (clock && time) clock.textContent = time;
    });
  }
  var language = local('language');
  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = document.currentScript.src.replace(/[^/]*$/, '') + 'includes/lang/json/'
    + (language && /^[a-z]{2,3}(_[A-Z]{2})?$/.test(language) ? language : 'en_US') + '.json';
  document.head.appendChild(link);
})();

/*
 * Problems board (includes/components/pharos/problemsboard.php): fits the board to the screen without scrolling
 * (lower density first, then fewer rows and "+N more"), keeps the data age ticking, and refreshes the board in place
 * every 30 s. A failed refresh keeps the last board and says so. Served as a file because the CSP forbids inline scripts.
 */
(function () {
  'use strict';
  var REFRESH_MS = 30000;
  /*
   * data-density 0-5 in classic.css: smaller rows, then two columns on wide screens, then smaller again. On a wall
   * (html[data-wall]) only the first two: its rows stay legible from across the room, and what does not fit is "+N more".
   */
  var DENSITIES = document.documentElement.hasAttribute('data-wall') ? 2 : 6;
  /* The shortest a row can be: classic.css never sets the board's rows below 12px, at a line height of 1.3. */
  var MIN_ROW_PX = 15;
  var loadedAt = Date.now();

  function board() { return document.querySelector('.board-page'); }

  function overflowing() {
    var root = document.documentElement;
    return root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth;
  }

  var durationText = window.pharosDuration;

  /* Shown once fitted (classic.css): a board that changes size after its first paint shifts the wallboard's layout. */
  function fit() {
    fitDensity();
    var el = board();
    if (el) el.setAttribute('data-fitted', '');
  }

  function fitDensity() {
    var el = board();
    if (!el) return;
    var items = Array.prototype.slice.call(el.querySelectorAll('.problem'));
    var sections = Array.prototype.slice.call(el.querySelectorAll('.board-list'));
    var more = el.querySelector('.more');
    var extra = Number(more.getAttribute('data-extra')) || 0;
    function show(k) {
      items.forEach(function (li, i) { li.hidden = i >= k; });
      sections.forEach(function (s) { s.hidden = !s.querySelector('.problem:not([hidden])'); });
      var hiddenCount = extra + items.length - k;
      more.hidden = hiddenCount === 0;
      // The page's own words for it, in the reader's language ("+{n} more", "+{n} weitere").
      more.textContent = (more.getAttribute('data-text') || '+{n} more').replace('{n}', String(hiddenCount));
    }
    var least = DENSITIES - 1;
    // More rows than could ever be on screen (two columns of the smallest rows) need no density search: the densest,
    // and the rows that fit, found from those first, so an alert storm's whole list is never laid out.
    var cap = 2 * Math.ceil(window.innerHeight / MIN_ROW_PX);
    var capped = items.length > cap;
    var tooMany = capped ? cap : items.length;
    show(tooMany);
    // Each check lays the whole board out, which on a TV in an alert storm is a long task; so the densities are halved
    // over rather than tried in turn (each is at most as tall as the one before): the least dense that fits.
    function fitsAt(d) {
      el.setAttribute('data-density', String(d));
      return !overflowing();
    }
    if (!capped && fitsAt(0)) return;
    if (!capped && fitsAt(least)) {
      var tooTall = 0;
      while (least - tooTall > 1) {
        var d = Math.floor((tooTall + least) / 2);
        if (fitsAt(d)) least = d; else tooTall = d;
      }
      el.setAttribute('data-density', String(least));
      return;
    }
    el.setAttribute('data-density', String(least));
    // Too tall at the lowest density: the largest number of rows that fits. The first guesses come from how far the
    // board overflows or falls short, in rows (a TV then lays it out two or three times, not once per halving);
    // halving takes over if they miss, so a board of uneven rows still ends at the exact count.
    var fits = 0;
    var guess = tooMany > 0 ? tooMany - rowsOff(el, items, tooMany) : 0;
    for (var probe = 0; fits + 1 < tooMany; probe++) {
      var k = probe < 3 ? Math.max(fits + 1, Math.min(tooMany - 1, guess)) : Math.ceil((fits + tooMany) / 2);
      show(k);
      var off = rowsOff(el, items, k);
      if (off > 0) tooMany = k; else fits = k;
      guess = k - (off === 0 ? -1 : off);
    }
    show(fits);
  }

  /*
   * With the first k rows shown: how many rows too many (> 0; at least 1 if the page overflows at all) or how many more
   * would still fit (<= 0), from the laid-out rows' pitch. Two columns put the last row beside the first, not below it.
   */
  function rowsOff(el, items, k) {
    var root = document.documentElement;
    var first = items[0].getBoundingClientRect();
    var last = items[k - 1].getBoundingClientRect();
    var columns = last.left >= first.right ? 2 : 1;
    var pitch = Math.max(1, (last.bottom - first.top) / Math.ceil(k / columns));
    if (overflowing()) return Math.max(1, Math.ceil((root.scrollHeight - window.innerHeight) / pitch) * columns);
    return -Math.round(Math.max(0, window.innerHeight - el.getBoundingClientRect().bottom) / pitch) * columns;
  }

  function tick() {
    var age = document.querySelector('.board-page .data-age[data-age]');
    if (!age) return;
    var seconds = Number(age.getAttribute('data-age')) + (Date.now() - loadedAt) / 1000;
    var text = age.querySelector('.age-text');
    if (text) text.textContent = durationText(seconds);
  }

  function markFailed() {
    var note = document.querySelector('.board-page .refresh-failed');
    if (!note || note.textContent) return;
    note.textContent = note.getAttribute('data-text') || '';
    fit();
  }

  function refresh() {
    fetch(window.location.href, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok || /login\.php/.test(res.url)) throw new Error('refresh failed: ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, 'text/html').querySelector('.board-page');
        var current = board();
        if (!next || !current) throw new Error('refresh answered no board');
        current.replaceWith(document.importNode(next, true));
        loadedAt = Date.now();
        fit();
      })
      .catch(markFailed);
  }

  var pending = 0;
  window.addEventListener('resize', function () {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(fit);
  });
  fit();
  setInterval(tick, 1000);
  setInterval(refresh, REFRESH_MS);
})();

/*
 * Problems board (includes/components/pharos/problemsboard.php): fits the board to the screen without scrolling
 * (lower density first, then fewer rows and "+N more"), keeps the data age ticking, and refreshes the board in place
 * every 30 s. A failed refresh keeps the last board and says so. Served as a file because the CSP forbids inline scripts.
 */
(function () {
  'use strict';
  var REFRESH_MS = 30000;
  /* data-density 0-5 in classic.css: smaller rows, then two columns on wide screens, then smaller again. */
  var DENSITIES = 6;
  var loadedAt = Date.now();

  function board() { return document.querySelector('.board-page'); }

  function overflowing() {
    var root = document.documentElement;
    return root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth;
  }

  function durationText(total) {
    var s = Math.max(0, Math.floor(total));
    var d = Math.floor(s / 86400); s -= d * 86400;
    var h = Math.floor(s / 3600); s -= h * 3600;
    var m = Math.floor(s / 60); s -= m * 60;
    if (d) return d + 'd ' + h + 'h ' + m + 'm ' + s + 's';
    if (h) return h + 'h ' + m + 'm ' + s + 's';
    if (m) return m + 'm ' + s + 's';
    return s + 's';
  }

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
      more.textContent = '+' + hiddenCount + ' more';
    }
    show(items.length);
    // Each check lays the whole board out, which on a TV in an alert storm is a long task; so the densities are halved
    // over rather than tried in turn (each is at most as tall as the one before): the least dense that fits.
    function fitsAt(d) {
      el.setAttribute('data-density', String(d));
      return !overflowing();
    }
    if (fitsAt(0)) return;
    var least = DENSITIES - 1;
    if (fitsAt(least)) {
      var tooTall = 0;
      while (least - tooTall > 1) {
        var d = Math.floor((tooTall + least) / 2);
        if (fitsAt(d)) least = d; else tooTall = d;
      }
      el.setAttribute('data-density', String(least));
      return;
    }
    // Still too tall at the lowest density: the largest number of rows that fits, found by halving.
    var lo = 0;
    var hi = items.length;
    while (lo < hi) {
      var mid = Math.ceil((lo + hi) / 2);
      show(mid);
      if (overflowing()) hi = mid - 1; else lo = mid;
    }
    show(lo);
  }

  function tick() {
    var age = document.querySelector('.board-page .data-age[data-age]');
    if (!age) return;
    var seconds = Number(age.getAttribute('data-age')) + (Date.now() - loadedAt) / 1000;
    var text = age.querySelector('.age-text');
    if (text) text.textContent = durationText(seconds);
  }

  function markFailed() {
    var el = board();
    if (!el || el.querySelector('.refresh-failed')) return;
    var note = document.createElement('p');
    note.className = 'refresh-failed';
    note.setAttribute('role', 'status');
    note.textContent = 'Could not refresh: showing the last data received.';
    el.querySelector('.board-head').appendChild(note);
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

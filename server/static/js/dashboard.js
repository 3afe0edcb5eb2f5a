/*
 * Dashboard page (dashboards/dashboard.php): each dashlet fetches its own content again on its interval and swaps it in
 * without reloading the page. A failed refresh keeps the last content and marks the dashlet stale with its age. Clocks
 * tick every second. After an edit (each one is a form post), the keyboard focus goes back to the button that was used.
 * Served as a file because the CSP forbids inline scripts.
 */
(function () {
  'use strict';

  var durationText = window.pharosDuration;

  var dashlets = Array.prototype.slice.call(document.querySelectorAll('.dashlet[data-src]')).map(function (el) {
    return { el: el, lastOk: Date.now(), stale: false, busy: false };
  });

  function showState(d) {
    var state = d.el.querySelector('.dashlet-state');
    if (!state) return;
    if (!d.stale) {
      if (state.textContent) state.textContent = '';
      return;
    }
    var board = document.querySelector('.dashboard[data-stale-text]');
    var text = board ? board.getAttribute('data-stale-text') : 'Stale: last updated {0} ago';
    state.textContent = text.replace('{0}', durationText((Date.now() - d.lastOk) / 1000));
  }

  function markStale(d) {
    d.stale = true;
    d.el.setAttribute('data-stale', '');
    showState(d);
  }

  function swapIn(d, next) {
    var body = d.el.querySelector('.dashlet-body');
    var frame = body && body.querySelector('iframe.dl-page');
    var nextFrame = next.querySelector('iframe.dl-page');
    if (frame && nextFrame && frame.getAttribute('src') === nextFrame.getAttribute('src')) {
      // Same page: reload it in place rather than building a new frame.
      frame.setAttribute('src', nextFrame.getAttribute('src'));
    } else if (body) {
      body.replaceWith(document.importNode(next, true));
    }
  }

  function refresh(d) {
    if (d.busy) return;
    d.busy = true;
    fetch(d.el.getAttribute('data-src'), { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok || /login\.php/.test(res.url)) throw new Error('refresh failed: ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, 'text/html').querySelector('.dashlet-body');
        if (!next) throw new Error('refresh answered no dashlet');
        swapIn(d, next);
        d.lastOk = Date.now();
        d.stale = false;
        d.el.removeAttribute('data-stale');
        showState(d);
        tickClocks();
      })
      .catch(function () { markStale(d); })
      .then(function () { d.busy = false; });
  }

  function tickClocks() {
    var now = new Date();
    Array.prototype.forEach.call(document.querySelectorAll('.dl-clock'), function (clock) {
      var zone = clock.getAttribute('data-timezone') || undefined;
      // The reader's locale, which the server names on pages not in English.
      var locale = clock.getAttribute('data-locale') || 'en-GB';
      try {
        clock.querySelector('.time').textContent = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(now);
        clock.querySelector('.date').textContent = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
      } catch {
        // A zone this browser does not know: keep the server's text.
      }
    });
  }

  function restoreFocus() {
    var params = new URLSearchParams(window.location.search);
    var id = params.get('focus');
    if (!id) return;
    var item = document.getElementById('dashlet-' + id);
    if (!item) return;
    var action = params.get('did');
    var target = (action && item.querySelector('button[data-action="' + action + '"]')) || item.querySelector('button, a');
    if (target) {
      target.focus();
      target.scrollIntoView({ block: 'nearest' });
    }
  }

  dashlets.forEach(function (d) {
    var seconds = Number(d.el.getAttribute('data-refresh')) || 30;
    setInterval(function () { refresh(d); }, seconds * 1000);
  });
  setInterval(function () {
    tickClocks();
    dashlets.forEach(showState);
  }, 1000);
  restoreFocus();
})();

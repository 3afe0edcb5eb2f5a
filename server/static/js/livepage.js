/*
 * A classic page of monitoring data (status lists, groups, tactical overview) left open in the shell's frame or on a
 * wall: its data age counts up every second, and every data-refresh seconds it loads itself again in place, unless
 * someone is using it (focus inside the page, text selected, or a form field changed and not sent). A refresh that
 * fails keeps what the page showed, with the age still counting, and says so. Served as a file because the CSP
 * forbids inline scripts.
 */
(function () {
  'use strict';
  var loadedAt = Date.now();

  function page() { return document.querySelector('main.page'); }
  function ageLine() { return document.querySelector('main.page .live-age[data-age]'); }

  var durationText = window.pharosDuration;

  /* The page's age, and those of engines not answering (each with its own data-age), count up together. */
  function tick() {
    var line = ageLine();
    if (!line) return;
    var elapsed = (Date.now() - loadedAt) / 1000;
    var texts = line.querySelectorAll('.age-text');
    for (var i = 0; i < texts.length; i++) {
      var own = texts[i].getAttribute('data-age');
      texts[i].textContent = durationText(Number(own !== null ? own : line.getAttribute('data-age')) + elapsed);
    }
  }

  /* A form field changed and not sent (a filter typed, then the focus moved away): replacing it would lose that. */
  function edited(main) {
    var fields = main.querySelectorAll('input, textarea, select');
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.tagName === 'SELECT') {
        for (var j = 0; j < f.options.length; j++) if (f.options[j].selected !== f.options[j].defaultSelected) return true;
      } else if (f.type === 'checkbox' || f.type === 'radio') {
        if (f.checked !== f.defaultChecked) return true;
      } else if (f.value !== f.defaultValue) {
        return true;
      }
    }
    return false;
  }

  /* Replacing the page under someone would take their focus, their half-typed filter or their selection. */
  function inUse() {
    var main = page();
    if (!main) return false;
    var active = document.activeElement;
    if (active && active !== document.body && main.contains(active)) return true;
    var selection = window.getSelection && window.getSelection();
    if (selection && !selection.isCollapsed) return true;
    return edited(main);
  }

  /* Until the next refresh that works: it brings a page without these marks. */
  function markFailed() {
    var note = document.querySelector('main.page .refresh-failed');
    var line = ageLine();
    if (line) line.setAttribute('data-failed', '');
    if (note) note.textContent = note.getAttribute('data-text') || '';
  }

  function refresh() {
    if (document.hidden || inUse()) return;
    fetch(window.location.href, { credentials: 'same-origin', cache: 'no-store', headers: { accept: 'text/html' } })
      .then(function (res) {
        if (!res.ok || /login\.php/.test(res.url)) throw new Error('refresh failed: ' + res.status);
        return res.text();
      })
      .then(function (text) {
        var next = new DOMParser().parseFromString(text, 'text/html');
        var fresh = next.querySelector('main.page');
        var current = page();
        /* A stand-in (the database or the server restarting, the worker's offline page) is no data: keep what is shown. */
        var standIn = next.querySelector('meta[name="pharos-unavailable"], meta[name="pharos-offline"]');
        if (standIn || !fresh || !fresh.querySelector('.live-age') || !current) {
          throw new Error('refresh answered no page of data');
        }
        if (inUse()) return;
        current.replaceWith(document.importNode(fresh, true));
        loadedAt = Date.now();
      })
      .catch(markFailed);
  }

  /* Also without data yet ("No monitoring data received yet"): the first data replaces that line. */
  var line = document.querySelector('main.page .live-age[data-refresh]');
  var seconds = line ? Number(line.getAttribute('data-refresh')) : 0;
  setInterval(tick, 1000);
  if (seconds > 0) setInterval(refresh, seconds * 1000);
})();

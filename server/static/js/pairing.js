/*
 * Pairing a display (issue 10): asks for a code, shows it, renews it every 10 minutes and polls for an
 * administrator's claim; once claimed, the answer carries the device token (an HttpOnly cookie) and the wallboard
 * address, which this page opens. Served as a file because the CSP forbids inline scripts.
 */
(function () {
  'use strict';
  var POLL_MS = 3000;
  var main = document.querySelector('.pairing-screen');
  var base = main.getAttribute('data-base');
  var codeEl = document.getElementById('pairing-code');
  var statusEl = document.getElementById('pairing-status');
  var pollTimer;
  function text(name, fallback) { return main.getAttribute('data-' + name) || fallback; }

  function later(fn, ms) { clearTimeout(pollTimer); pollTimer = setTimeout(fn, ms); }

  function show(code) { codeEl.textContent = code.slice(0, 4) + ' ' + code.slice(4); codeEl.setAttribute('data-code', code); }

  function requestCode() {
    fetch(base + 'api/v2/displays/pair', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.json().then(function (body) {
          if (res.status === 429) {
            var wait = Number(res.headers.get('retry-after')) || 60;
            statusEl.textContent = body.message;
            later(requestCode, wait * 1000);
            return;
          }
          if (!res.ok) throw new Error(body.message || 'failed');
          show(body.code);
          statusEl.textContent = text('waiting', 'Waiting for an administrator…');
          later(poll, POLL_MS);
        });
      })
      .catch(function () {
        statusEl.textContent = text('unreachable', 'The server cannot be reached. Trying again…');
        later(requestCode, 10000);
      });
  }

  function poll() {
    fetch(base + 'api/v2/displays/pair', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        if (body.state === 'paired') {
          statusEl.textContent = text('paired', 'Paired as {name}. Starting…').replace('{name}', body.name);
          window.location.replace(body.url);
        } else if (body.state === 'expired') {
          requestCode();
        } else {
          later(poll, POLL_MS);
        }
      })
      .catch(function () { later(poll, POLL_MS * 3); });
  }

  requestCode();
})();

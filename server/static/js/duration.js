/*
 * "1d 2h 3m 4s", as the server writes durations (server/src/pages/format.ts durationText), for the classic pages'
 * scripts that keep an age counting (problemsboard.js, dashboard.js, livepage.js). Loaded before them, deferred too.
 */
window.pharosDuration = function (total) {
  'use strict';
  var s = Math.max(0, Math.floor(total));
  var d = Math.floor(s / 86400); s -= d * 86400;
  var h = Math.floor(s / 3600); s -= h * 3600;
  var m = Math.floor(s / 60); s -= m * 60;
  if (d) return d + 'd ' + h + 'h ' + m + 'm ' + s + 's';
  if (h) return h + 'h ' + m + 'm ' + s + 's';
  if (m) return m + 'm ' + s + 's';
  return s + 's';
};

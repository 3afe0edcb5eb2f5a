/*
 * Dashboard page (dashboards/dashboard.php): each dashlet fetches its own content again on its interval and swaps it in
 * without reloading the page. A failed refresh keeps the last content and marks the dashlet stale with its age. Clocks
 * tick every second. After an edit (each one is a form post), the keyboard focus goes back to the button that was used.
 * While editing, dashlets are moved and resized by pointer too (arrangeByPointer, below).
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
  arrangeByPointer();

  /*
   * Editing: drag a dashlet by its grip to another place, or by its corner to another size, with a mouse, a pen or a
   * finger. The grid shows the change as the pointer moves; on release the page's arrange form is sent (one ordinary
   * post, like the buttons'), so the server's order and sizes stay the only truth. Escape puts everything back.
   */
  function arrangeByPointer() {
    var grid = document.querySelector('.dashboard.editing .dashlet-grid');
    var form = document.getElementById('dashlet-arrange');
    if (!grid || !form) return;
    var columns = Number(grid.getAttribute('data-columns')) || 12;
    var maxHeight = Number(grid.getAttribute('data-max-height')) || 12;
    var items = function () { return Array.prototype.slice.call(grid.children); };
    var active = null;

    function send(fields) {
      Object.keys(fields).forEach(function (name) { form.elements[name].value = String(fields[name]); });
      grid.setAttribute('aria-busy', 'true');
      // requestSubmit fires the submit event the shell listens to; where it is missing, fire it by hand.
      if (typeof form.requestSubmit === 'function') form.requestSubmit();
      else if (form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))) form.submit();
    }

    function showSize(item, w, h) {
      item.style.setProperty('--w', String(w));
      item.style.setProperty('--h', String(h));
      var size = item.querySelector('.dashlet-size');
      if (size) size.textContent = w + ' \u00d7 ' + h;
    }

    /**
     * Puts `node` at `index` by moving the dashlets between instead of it: the element under a finger must stay in
     * the document for the whole touch, or the browser loses the next tap's click.
     */
    function moveTo(node, index) {
      var list = items();
      var from = list.indexOf(node);
      if (index < from) {
        for (var i = from - 1; i >= index; i -= 1) grid.insertBefore(list[i], node.nextElementSibling);
      } else {
        for (var j = from + 1; j <= index; j += 1) grid.insertBefore(list[j], node);
      }
    }

    /** Before the dashlet under the pointer, or after it on its second half; past the last one, last. */
    function followMove(x, y) {
      var others = items().filter(function (i) { return i !== active.item; });
      for (var k = 0; k < others.length; k += 1) {
        var box = others[k].getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) continue;
        moveTo(active.item, x < box.left + box.width / 2 ? k : k + 1);
        return;
      }
      var last = others[others.length - 1];
      if (last && y > last.getBoundingClientRect().bottom) moveTo(active.item, others.length);
    }

    /** Grid units from the pointer's distance to the dashlet's top left corner; one column on a phone keeps its width. */
    function followResize(x, y) {
      var a = active;
      var w = a.oneColumn ? a.w0 : Math.min(columns, Math.max(1, Math.round((x - a.left + a.colGap) / a.colUnit)));
      // While editing a dashlet spans one row more than its height, for its buttons.
      var h = Math.min(maxHeight, Math.max(1, Math.round((y - a.top + a.rowGap) / a.rowUnit) - 1));
      if (w !== a.w || h !== a.h) {
        a.w = w;
        a.h = h;
        showSize(a.item, w, h);
      }
    }

    function start(kind, item, event) {
      active = { kind: kind, item: item, pointer: event.pointerId, from: items().indexOf(item) };
      if (kind === 'resize') {
        var style = getComputedStyle(grid);
        var colGap = parseFloat(style.columnGap) || 0;
        var rowGap = parseFloat(style.rowGap) || 0;
        var tracks = style.gridTemplateColumns.split(' ').length;
        var box = item.getBoundingClientRect();
        var w0 = Number(item.style.getPropertyValue('--w')) || 4;
        var h0 = Number(item.style.getPropertyValue('--h')) || 2;
        active.left = box.left;
        active.top = box.top;
        active.colGap = colGap;
        active.rowGap = rowGap;
        active.colUnit = (grid.clientWidth - colGap * (tracks - 1)) / tracks + colGap;
        active.rowUnit = parseFloat(style.gridAutoRows) + rowGap;
        active.oneColumn = tracks < columns;
        active.w0 = active.w = w0;
        active.h0 = active.h = h0;
      }
      item.classList.add(kind === 'move' ? 'dragging' : 'resizing');
      grid.classList.add('arranging');
      document.addEventListener('pointermove', onMove);
      document.addEventListener('pointerup', onUp);
      document.addEventListener('pointercancel', onCancel);
      document.addEventListener('keydown', onKey, true);
      // Keys go to this page while dragging (Escape), also when it is in the app's frame.
      window.focus();
    }

    function end(commit) {
      var a = active;
      if (!a) return;
      active = null;
      a.item.classList.remove('dragging', 'resizing');
      grid.classList.remove('arranging');
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('pointerup', onUp);
      document.removeEventListener('pointercancel', onCancel);
      document.removeEventListener('keydown', onKey, true);
      var id = a.item.getAttribute('data-dashlet') || a.item.id.replace(/^dashlet-/, '');
      if (a.kind === 'move') {
        var position = items().indexOf(a.item);
        if (commit && position !== a.from) return send({ dashlet: id, action: 'place', position: position });
        moveTo(a.item, a.from);
        return;
      }
      if (commit && (a.w !== a.w0 || a.h !== a.h0)) return send({ dashlet: id, action: 'size', width: a.w, height: a.h });
      showSize(a.item, a.w0, a.h0);
    }

    function onMove(event) {
      if (!active || event.pointerId !== active.pointer) return;
      if (active.kind === 'move') followMove(event.clientX, event.clientY);
      else followResize(event.clientX, event.clientY);
    }
    function onUp(event) {
      if (active && event.pointerId === active.pointer) end(true);
    }
    function onCancel(event) {
      if (active && event.pointerId === active.pointer) end(false);
    }
    function onKey(event) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      end(false);
    }

    items().forEach(function (item) {
      [['.dashlet-grip', 'move'], ['.dashlet-resize', 'resize']].forEach(function (pair) {
        var handle = item.querySelector(pair[0]);
        if (!handle) return;
        handle.hidden = false;
        handle.addEventListener('pointerdown', function (event) {
          if (active || (event.pointerType === 'mouse' && event.button !== 0)) return;
          event.preventDefault();
          start(pair[1], item, event);
        });
      });
    });
  }
})();

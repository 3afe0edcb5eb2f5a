/*
 * Manage My Views (views/main.php): drag a view by its grip to another place, with a mouse, a pen or a finger. The row
 * follows the pointer through the list; on release the page's move form is sent with the view and its new place, so a
 * drop is one ordinary form post (the shell then reloads its menu). Escape or a cancelled touch puts the rows back.
 * Move up and Move down stay for keyboards. Served as a file because the CSP forbids inline scripts.
 */
(function () {
  'use strict';

  var body = document.querySelector('.views-order tbody');
  var form = document.getElementById('move-view');
  if (!body || !form) return;
  var rows = function () { return Array.prototype.slice.call(body.querySelectorAll('tr[data-view]')); };
  if (rows().length < 2) return;

  var drag = null;

  function send(id, position) {
    form.elements.id.value = id;
    form.elements.position.value = String(position);
    // requestSubmit fires the submit event the shell listens to; where it is missing, fire it by hand.
    if (typeof form.requestSubmit === 'function') {
      form.requestSubmit();
    } else if (form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))) {
      form.submit();
    }
  }

  /**
   * Puts `node` at `index` among the rows by moving the rows between instead of it: the element under a finger must
   * stay in the document for the whole touch, or the browser loses the next tap's click.
   */
  function moveTo(node, index) {
    var list = rows();
    var from = list.indexOf(node);
    if (index === from) return;
    if (index < from) {
      for (var i = from - 1; i >= index; i -= 1) body.insertBefore(list[i], node.nextElementSibling);
    } else {
      for (var k = from + 1; k <= index; k += 1) body.insertBefore(list[k], node);
    }
  }

  /** The dragged row goes to the place of the first other row whose middle is below the pointer (or last). */
  function follow(y) {
    var others = rows().filter(function (r) { return r !== drag.row; });
    var index = others.length;
    for (var i = 0; i < others.length; i += 1) {
      var box = others[i].getBoundingClientRect();
      if (y < box.top + box.height / 2) { index = i; break; }
    }
    moveTo(drag.row, index);
  }

  function end(commit) {
    if (!drag) return;
    var d = drag;
    drag = null;
    d.row.classList.remove('dragging');
    body.classList.remove('reordering');
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('pointermove', onMove);
    document.removeEventListener('pointerup', onUp);
    document.removeEventListener('pointercancel', onCancel);
    var position = rows().indexOf(d.row);
    if (commit && position !== d.from) {
      body.setAttribute('aria-busy', 'true');
      send(d.row.getAttribute('data-view'), position);
      return;
    }
    // Not dropped: back where it was.
    moveTo(d.row, d.from);
  }

  // On the document rather than the grip, so the drag goes on wherever the pointer is over the page.
  function onMove(event) {
    if (drag && event.pointerId === drag.pointer) follow(event.clientY);
  }
  function onUp(event) {
    if (drag && event.pointerId === drag.pointer) end(true);
  }
  function onCancel(event) {
    if (drag && event.pointerId === drag.pointer) end(false);
  }
  function onKey(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      end(false);
    }
  }

  rows().forEach(function (row) {
    var handle = row.querySelector('.drag-handle');
    if (!handle) return;
    handle.hidden = false;
    handle.addEventListener('pointerdown', function (event) {
      if (drag || (event.pointerType === 'mouse' && event.button !== 0)) return;
      event.preventDefault();
      // Keys go to this page while dragging (Escape puts the view back), also when it is in the app's frame.
      window.focus();
      drag = { row: row, pointer: event.pointerId, from: rows().indexOf(row) };
      row.classList.add('dragging');
      body.classList.add('reordering');
      document.addEventListener('keydown', onKey, true);
      document.addEventListener('pointermove', onMove);
      document.addEventListener('pointerup', onUp);
      document.addEventListener('pointercancel', onCancel);
    });
  });
})();

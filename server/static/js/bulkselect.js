/*
 * The selection of a status list (issue 38): "select all on this page", the count of selected rows beside the action
 * menu, Space on a row (its name link in focus) to select it, and A to open the action menu. Everything is delegated
 * from the document, because livepage.js replaces the page's main element when it refreshes an unused page.
 */
(function () {
  'use strict';

  function form() { return document.getElementById('bulk-form'); }
  function boxes() { return document.querySelectorAll('input[type="checkbox"][form="bulk-form"][name="o"]'); }

  function update() {
    var all = boxes();
    var n = 0;
    for (var i = 0; i < all.length; i++) if (all[i].checked) n++;
    var head = document.querySelector('input[data-select-all]');
    if (head) {
      head.checked = all.length > 0 && n === all.length;
      head.indeterminate = n > 0 && n < all.length;
    }
    var count = document.querySelector('.bulk-count');
    if (count) {
      count.textContent = n ? (count.getAttribute('data-some') || '').replace('{n}', String(n)) : count.getAttribute('data-none');
      count.removeAttribute('data-error');
    }
    var rows = document.querySelectorAll('table.data tbody tr');
    for (var j = 0; j < rows.length; j++) {
      var box = rows[j].querySelector('td.select input');
      if (box) rows[j].classList.toggle('selected', box.checked);
    }
    return n;
  }

  document.addEventListener('change', function (e) {
    var target = e.target;
    if (target.matches && target.matches('input[data-select-all]')) {
      var all = boxes();
      for (var i = 0; i < all.length; i++) all[i].checked = target.checked;
    }
    if (target.matches && target.matches('input[data-select-all], input[form="bulk-form"][name="o"]')) update();
  });

  /* An action with nothing selected: said beside the menu, instead of a page that says the same. */
  document.addEventListener('submit', function (e) {
    if (e.target !== form() || update() > 0) return;
    e.preventDefault();
    var count = document.querySelector('.bulk-count');
    if (count) {
      count.textContent = count.getAttribute('data-empty');
      count.setAttribute('data-error', '');
    }
  });

  /* Where a letter is text: a ticked checkbox in focus is not, so A works right after ticking one. */
  function typing(el) {
    if (!el) return false;
    if (el.tagName === 'INPUT') return !/^(checkbox|radio|button|submit|reset)$/.test(el.type);
    return el.isContentEditable || /^(TEXTAREA|SELECT)$/.test(el.tagName);
  }

  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    var target = e.target;
    var menu = document.querySelector('.bulk-menu');
    /* Controls keep their own Space (a checkbox ticks itself); a row's link gets its row ticked instead of a scroll. */
    if (e.key === ' ' && !/^(INPUT|TEXTAREA|SELECT|BUTTON|SUMMARY)$/.test(target.tagName) && !target.isContentEditable) {
      var row = target.closest && target.closest('table.data tbody tr');
      var box = row && row.querySelector('td.select input');
      if (!box) return;
      e.preventDefault();
      box.checked = !box.checked;
      update();
    } else if ((e.key === 'a' || e.key === 'A') && !e.shiftKey && !typing(target) && menu) {
      e.preventDefault();
      menu.open = true;
      var first = menu.querySelector('.bulk-menu-items button');
      if (first) first.focus();
    } else if (e.key === 'Escape' && menu && menu.open && menu.contains(target)) {
      menu.open = false;
      menu.querySelector('summary').focus();
    }
  });

  /* A page that comes back (history) may keep its ticked boxes: the count says so. */
  window.addEventListener('pageshow', update);
  update();
})();

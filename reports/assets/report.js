// The reports' one script, inlined into every page. It only reads the page and moves or copies what is there;
// nothing from a submission is ever turned into HTML here.
(function () {
  'use strict';
  // Copy buttons: the text of the <pre> they sit beside.
  document.querySelectorAll('button.copy').forEach(function (button) {
    button.addEventListener('click', function () {
      var pre = document.getElementById(button.getAttribute('data-target'));
      var text = pre ? pre.textContent : '';
      var done = function () {
        button.textContent = 'Copied';
        setTimeout(function () {
          button.textContent = 'Copy';
        }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext)
        navigator.clipboard.writeText(text).then(done, function () {
          select(pre);
        });
      else {
        select(pre);
        try {
          document.execCommand('copy');
          done();
        } catch {
          /* selected for the reader to copy */
        }
      }
    });
  });
  function select(node) {
    if (!node) return;
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  // Status filters on a student's page.
  var filters = document.querySelectorAll('.filters button');
  filters.forEach(function (button) {
    button.addEventListener('click', function () {
      var show = button.getAttribute('data-show');
      filters.forEach(function (b) {
        b.setAttribute('aria-pressed', String(b === button));
      });
      document.querySelectorAll('details.test').forEach(function (test) {
        var passed = test.classList.contains('pass');
        test.hidden = show === 'failed' ? passed : show === 'passed' ? !passed : false;
      });
    });
  });

  // Sortable tables: click a header to sort by it; numbers sort as numbers.
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var headers = table.querySelectorAll('th.sortable');
    headers.forEach(function (th, index) {
      th.setAttribute('tabindex', '0');
      var sort = function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        headers.forEach(function (other) {
          other.removeAttribute('aria-sort');
        });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[index].getAttribute('data-value') || a.cells[index].textContent;
          var y = b.cells[index].getAttribute('data-value') || b.cells[index].textContent;
          var nx = parseFloat(x),
            ny = parseFloat(y);
          var order = !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);
          return ascending ? order : -order;
        });
        rows.forEach(function (row) {
          body.appendChild(row);
        });
      };
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          sort();
        }
      });
    });
  });

  // On paper every test shows its details.
  window.addEventListener('beforeprint', function () {
    document.querySelectorAll('details.test').forEach(function (d) {
      d.setAttribute('data-was-open', String(d.open));
      d.open = true;
    });
  });
  window.addEventListener('afterprint', function () {
    document.querySelectorAll('details.test').forEach(function (d) {
      d.open = d.getAttribute('data-was-open') === 'true';
    });
  });
})();

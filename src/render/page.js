// The HTML page's behaviour: details on hover, zoom and pan. User text is only ever set with
// textContent, never parsed as markup.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('tt-data').textContent);
  var svg = document.querySelector('#tt-board svg');
  var title = document.getElementById('tt-info-title');
  var list = document.getElementById('tt-info-list');
  var hint = document.getElementById('tt-info-hint');
  var routes = new Map(data.routes.map(function (r) { return [r.id, r]; }));
  var cities = new Map(data.cities.map(function (c) { return [c.id, c]; }));

  function show(heading, rows) {
    hint.hidden = true;
    title.textContent = heading;
    list.replaceChildren();
    rows.forEach(function (row) {
      if (row[1] === null || row[1] === undefined || row[1] === '') return;
      var dt = document.createElement('dt');
      dt.textContent = row[0];
      var dd = document.createElement('dd');
      dd.textContent = String(row[1]);
      list.append(dt, dd);
    });
  }

  function highlight(routeIds, cityIds) {
    svg.querySelectorAll('.tt-hl').forEach(function (el) { el.classList.remove('tt-hl'); });
    document.querySelectorAll('#tt-ticket-list .tt-hl').forEach(function (el) { el.classList.remove('tt-hl'); });
    if (!routeIds.length && !cityIds.length) { svg.classList.remove('tt-dim'); return; }
    svg.classList.add('tt-dim');
    // Compare data attributes in script rather than building selectors from user text.
    svg.querySelectorAll('.route').forEach(function (el) {
      if (routeIds.indexOf(el.getAttribute('data-route')) >= 0) el.classList.add('tt-hl');
    });
    svg.querySelectorAll('.city, .city-label').forEach(function (el) {
      if (cityIds.indexOf(el.getAttribute('data-city')) >= 0) el.classList.add('tt-hl');
    });
  }

  function showRoute(id) {
    var r = routes.get(id);
    if (!r) return;
    show(r.from + ' – ' + r.to, [
      ['Route', r.id],
      ['Length', r.length],
      ['Colours', r.track_bed ? 'track bed (colour of the piece built on it)' : r.colors.join(', ')],
      ['Lanes', r.colors.length],
      ['Ferry', r.ferry ? r.ferry + ' locomotive space' + (r.ferry > 1 ? 's' : '') : ''],
      ['Tunnel', r.tunnel ? 'yes' : ''],
      ['Mountains', r.mountains || ''],
      ['Points', r.points]
    ]);
  }

  function showCity(id) {
    var c = cities.get(id);
    if (!c) return;
    show(c.name, [
      ['City', c.id],
      ['Tags', c.tags.join(', ')],
      ['Region', c.region],
      ['Festival', c.festival],
      ['Border of', c.zone],
      ['Tickets', c.tickets.map(function (i) {
        return data.tickets[i].text + ' (' + data.tickets[i].points + ')';
      }).join('; ') || 'none']
    ]);
  }

  function showTicket(i) {
    var t = data.tickets[i];
    if (!t) return;
    show(t.text, [['Points', t.points], ['Deck', t.deck], ['Copies', t.copies > 1 ? t.copies : '']]);
    highlight([], t.places.slice().concat(data.cities.filter(function (c) {
      return t.places.indexOf(c.zone_id) >= 0;
    }).map(function (c) { return c.id; })));
  }

  svg.addEventListener('mouseover', function (e) {
    var route = e.target.closest('[data-route]');
    if (route) { showRoute(route.getAttribute('data-route')); highlight([route.getAttribute('data-route')], []); return; }
    var city = e.target.closest('[data-city]');
    if (city) { showCity(city.getAttribute('data-city')); highlight([], [city.getAttribute('data-city')]); }
  });
  svg.addEventListener('mouseleave', function () { highlight([], []); });

  var ticketList = document.getElementById('tt-ticket-list');
  ticketList.addEventListener('mouseover', function (e) {
    var li = e.target.closest('li[data-ticket]');
    if (li) showTicket(Number(li.getAttribute('data-ticket')));
  });
  ticketList.addEventListener('mouseleave', function () { highlight([], []); });

  // Zoom and pan by changing the viewBox.
  var base = svg.viewBox.baseVal;
  var home = [base.x, base.y, base.width, base.height];
  var view = home.slice();
  function apply() { svg.setAttribute('viewBox', view.join(' ')); }
  function zoomAt(factor, cx, cy) {
    var w = view[2] * factor, h = view[3] * factor;
    if (w > home[2] * 4 || w < home[2] / 40) return;
    view = [cx - (cx - view[0]) * factor, cy - (cy - view[1]) * factor, w, h];
    apply();
  }
  function toBoard(clientX, clientY) {
    var m = svg.getScreenCTM();
    if (!m) return [view[0] + view[2] / 2, view[1] + view[3] / 2];
    var p = new DOMPoint(clientX, clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }
  svg.addEventListener('wheel', function (e) {
    e.preventDefault();
    var p = toBoard(e.clientX, e.clientY);
    zoomAt(e.deltaY < 0 ? 1 / 1.2 : 1.2, p[0], p[1]);
  }, { passive: false });
  function centre() { return [view[0] + view[2] / 2, view[1] + view[3] / 2]; }
  document.getElementById('tt-zoom-in').addEventListener('click', function () { var c = centre(); zoomAt(1 / 1.4, c[0], c[1]); });
  document.getElementById('tt-zoom-out').addEventListener('click', function () { var c = centre(); zoomAt(1.4, c[0], c[1]); });
  document.getElementById('tt-zoom-reset').addEventListener('click', function () { view = home.slice(); apply(); });
  var drag = null;
  svg.addEventListener('mousedown', function (e) { drag = toBoard(e.clientX, e.clientY); });
  window.addEventListener('mouseup', function () { drag = null; });
  svg.addEventListener('mousemove', function (e) {
    if (!drag) return;
    var p = toBoard(e.clientX, e.clientY);
    view[0] += drag[0] - p[0];
    view[1] += drag[1] - p[1];
    apply();
  });
})();

// ttrmap studio: the page of one map. Everything it shows comes from the studio's JSON
// (/api/state, /api/playtest) and its event stream; user text is only ever written with
// textContent, and the board is the SVG `ttrmap render` draws, parsed as SVG.
(function () {
  'use strict';
  var token = document.body.getAttribute('data-token');
  var $ = function (id) { return document.getElementById(id); };
  var board = $('st-board');
  var state = null;        // the last snapshot (/api/state)
  var play = null;         // the last playtest status
  var shownCount = 0;      // index of the report shown
  var focus = null;        // the problem selected: its index
  var selected = null;     // {kind, id} of the route or city shown in Details

  function api(path) {
    return path + (path.indexOf('?') < 0 ? '?' : '&') + 'token=' + encodeURIComponent(token);
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function toast(text) {
    var t = $('st-toast');
    t.textContent = text;
    t.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(function () { t.hidden = true; }, 6000);
  }
  function pct(x) { return (x * 100).toFixed(1) + ' %'; }

  // --- tabs -----------------------------------------------------------------------------
  function showTab(name) {
    document.querySelectorAll('#st-tabs [data-tab]').forEach(function (b) {
      b.setAttribute('aria-selected', String(b.getAttribute('data-tab') === name));
    });
    document.querySelectorAll('#st-side [data-panel]').forEach(function (p) {
      p.hidden = p.getAttribute('data-panel') !== name;
    });
    document.body.setAttribute('data-tab', name);
  }
  // While the Play tab is shown, the board is the table: clicks are play.js's, no drags.
  function playing() { return document.body.getAttribute('data-tab') === 'play'; }
  document.querySelectorAll('#st-tabs [data-tab]').forEach(function (b) {
    b.addEventListener('click', function () { showTab(b.getAttribute('data-tab')); });
  });

  // --- the state of the file ---------------------------------------------------------------
  function fetchState() {
    return fetch(api('/api/state')).then(function (r) { return r.json(); }).then(apply)
      .catch(function (e) { toast('cannot read the state: ' + e); });
  }

  function svg() { return board.querySelector('svg'); }

  function drawBoard(text) {
    var doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    var root = doc.documentElement;
    if (root.nodeName !== 'svg') return;
    root.removeAttribute('width');
    root.removeAttribute('height');
    board.replaceChildren(document.importNode(root, true));
  }

  function apply(s) {
    var redraw = s.board && (!state || state.board_version !== s.board_version);
    state = s;
    if (redraw) drawBoard(s.board);
    board.classList.toggle('stale', !s.current);
    document.body.setAttribute('data-version', String(s.version));
    document.body.setAttribute('data-board-version', String(s.board_version));
    document.body.setAttribute('data-current', String(s.current));
    banner(s);
    badge(s);
    listProblems(s);
    outline();
    if (selected) showDetails(selected.kind, selected.id, true);
    paintHeat();
  }

  function banner(s) {
    var b = $('st-banner');
    b.hidden = s.current;
    if (s.current) return;
    var syntax = s.problems.filter(function (p) { return p.code === 'toml-syntax'; });
    b.classList.toggle('err', !s.parsed);
    $('st-banner-text').textContent = s.stale_reason || '';
    $('st-banner-excerpt').textContent = syntax.map(function (p) { return p.excerpt; }).join('\n');
  }

  function badge(s) {
    var errors = s.problems.filter(function (p) { return p.severity === 'error'; }).length;
    var warnings = s.problems.length - errors;
    var b = $('st-status');
    b.className = 'st-badge ' + (errors ? 'err' : warnings ? 'warn' : 'ok');
    b.textContent = errors || warnings
      ? errors + ' error' + (errors === 1 ? '' : 's') + ', ' + warnings + ' warning' + (warnings === 1 ? '' : 's')
      : 'checks clean';
    $('st-problem-count').textContent = s.problems.length ? '(' + s.problems.length + ')' : '';
  }

  function listProblems(s) {
    var ul = $('st-problems');
    ul.replaceChildren();
    $('st-problems-none').hidden = s.problems.length > 0;
    s.problems.forEach(function (p, i) {
      var li = el('li');
      li.setAttribute('data-index', String(i));
      li.setAttribute('data-code', p.code);
      if (p.line) li.setAttribute('data-line', String(p.line));
      if (p.target) {
        li.setAttribute('data-target-kind', p.target.kind);
        li.setAttribute('data-target-id', p.target.id);
      }
      li.append(el('span', p.severity, 'sev ' + p.severity), el('span', p.message), el('br'),
        el('span', (p.line ? 'line ' + p.line + ', column ' + p.column + ' · ' : '') + p.code, 'where'));
      li.addEventListener('click', function () { choose(i); });
      ul.append(li);
    });
    if (focus !== null && focus >= s.problems.length) focus = null;
    if (focus !== null) choose(focus); else $('st-problem-detail').hidden = true;
  }

  function choose(i) {
    focus = i;
    var p = state.problems[i];
    document.querySelectorAll('#st-problems li').forEach(function (li) {
      li.classList.toggle('st-on', li.getAttribute('data-index') === String(i));
    });
    $('st-problem-detail').hidden = false;
    $('st-problem-where').textContent = state.file + (p.line ? ':' + p.line + ':' + p.column : '');
    $('st-problem-excerpt').textContent = p.excerpt;
    outline();
  }

  function targetOf(kind, id) {
    var s = svg();
    if (!s) return null;
    var sel = kind === 'route'
      ? 'g.route[data-route="' + CSS.escape(id) + '"]'
      : 'g[data-city="' + CSS.escape(id) + '"]';
    return s.querySelector(sel);
  }

  // Every problem's route or city outlined; the one chosen stands out.
  function outline() {
    var s = svg();
    if (!s || !state) return;
    s.querySelectorAll('.st-problem, .st-focus').forEach(function (e) {
      e.classList.remove('st-problem', 'st-focus');
    });
    state.problems.forEach(function (p, i) {
      if (!p.target) return;
      var t = targetOf(p.target.kind, p.target.id);
      if (t) t.classList.add(i === focus ? 'st-focus' : 'st-problem');
    });
  }

  // --- details of a route or city --------------------------------------------------------------
  function showDetails(kind, id, quiet) {
    var d = state && state.details;
    var info = d && (kind === 'route' ? d.routes[id] : d.cities[id]);
    var s = svg();
    if (s) s.querySelectorAll('.st-selected').forEach(function (e) { e.classList.remove('st-selected'); });
    if (!info) { selected = null; return; }
    selected = { kind: kind, id: id };
    var t = targetOf(kind, id);
    if (t) t.classList.add('st-selected');
    var list = $('st-details-list');
    list.replaceChildren();
    var row = function (k, v) { list.append(el('dt', k), el('dd', v)); };
    if (kind === 'route') {
      $('st-details-title').textContent = info.from + ' – ' + info.to;
      row('Route', info.id);
      row('Length', info.length);
      row('Colour', info.colors.join(', '));
      if (info.ferry) row('Ferry', info.ferry + ' locomotive' + (info.ferry === 1 ? '' : 's'));
      if (info.tunnel) row('Tunnel', 'yes');
      row('Points', info.points === null ? '—' : info.points);
    } else {
      $('st-details-title').textContent = info.name;
      row('City', info.id);
      row('Position', info.position.join(', '));
      row('Routes', info.routes);
    }
    $('st-details-hint').hidden = true;
    $('st-details-tickets-title').hidden = false;
    var ul = $('st-details-tickets');
    ul.replaceChildren();
    if (!info.tickets.length) ul.append(el('li', 'none'));
    info.tickets.forEach(function (t) { ul.append(el('li', t)); });
    document.body.setAttribute('data-selected', kind + ':' + id);
    if (!quiet) showTab('details');
  }

  // --- clicks and drags on the board -------------------------------------------------------
  var drag = null;
  function boardPoint(e) {
    var s = svg();
    var m = s.getScreenCTM().inverse();
    var p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m);
    return [p.x, p.y];
  }
  board.addEventListener('pointerdown', function (e) {
    var s = svg();
    if (!s || e.button !== 0 || playing()) return;
    var city = e.target.closest('g[data-city]');
    if (city && state && state.current) {
      var id = city.getAttribute('data-city');
      var label = s.querySelector('text.city-label[data-city="' + CSS.escape(id) + '"]');
      // What each moved element had: a name may be turned (`rotate`), kept under the move.
      var had = [[city, ''], [label, label ? label.getAttribute('transform') || '' : '']];
      drag = { id: id, had: had.filter(function (h) { return h[0]; }), from: boardPoint(e),
        x: e.clientX, y: e.clientY, moved: false };
      board.setPointerCapture(e.pointerId);
      board.classList.add('dragging');
      e.preventDefault();
    }
  });
  board.addEventListener('pointermove', function (e) {
    if (!drag) return;
    if (Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y) > 3) drag.moved = true;
    if (!drag.moved) return;
    var p = boardPoint(e);
    var t = 'translate(' + (p[0] - drag.from[0]) + ' ' + (p[1] - drag.from[1]) + ')';
    drag.had.forEach(function (h) { h[0].setAttribute('transform', (t + ' ' + h[1]).trim()); });
  });
  board.addEventListener('pointerup', function (e) {
    if (!drag) return;
    var d = drag;
    drag = null;
    board.classList.remove('dragging');
    if (!d.moved) { showDetails('city', d.id); return; }
    var p = boardPoint(e);
    var info = state.details.cities[d.id];
    var to = [info.position[0] + p[0] - d.from[0], info.position[1] + p[1] - d.from[1]];
    move(info, to, d.had);
  });
  board.addEventListener('click', function (e) {
    if (playing()) return;
    var route = e.target.closest && e.target.closest('g.route[data-route]');
    if (route) showDetails('route', route.getAttribute('data-route'));
  });

  // A city's new position, written into the file by the studio unless the file changed
  // (then the page shows the file as it is: the city goes back where the file has it).
  function move(info, to, moved) {
    var body = JSON.stringify({ index: info.index, id: info.id, position: to, stamp: state.stamp });
    fetch(api('/api/position'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body })
      .then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok) toast(j.message || ('not written: ' + r.status));
        });
      })
      .catch(function (e) { toast('not written: ' + e); })
      .then(fetchState)
      .then(function () {
        moved.forEach(function (h) {
          if (h[1]) h[0].setAttribute('transform', h[1]); else h[0].removeAttribute('transform');
        });
      });
  }

  // --- playtest ------------------------------------------------------------------------------
  $('st-play-form').addEventListener('submit', function (e) {
    e.preventDefault();
    var games = parseInt($('st-games').value, 10);
    fetch(api('/api/playtest/start'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ games: games }) })
      .then(function (r) { return r.json().then(function (j) { if (r.ok) applyPlay(j); else toast(j.message); }); });
  });
  $('st-cancel').addEventListener('click', function () {
    fetch(api('/api/playtest/cancel'), { method: 'POST' });
  });

  function applyPlay(s) {
    if (!s || !s.state || s.state === 'idle') return;
    if (play && s.run < play.run) return;
    play = s;
    document.body.setAttribute('data-play', s.state);
    var running = s.state === 'running';
    $('st-play').disabled = running;
    $('st-cancel').disabled = !running;
    var bar = $('st-progress');
    bar.hidden = !running;
    bar.max = s.total || 1;
    bar.value = s.done;
    var text = {
      running: 'Playing: ' + s.done + ' of ' + s.total + ' games',
      done: 'Done: ' + s.total + ' games (file version ' + s.version + ').',
      cancelled: 'Stopped: ' + (s.message || 'cancelled') + '.',
      failed: 'Failed: ' + (s.message || '') ,
    }[s.state] || s.state;
    $('st-play-status').textContent = text;
    if (s.state === 'done') { shownCount = 0; results(); }
  }

  function results() {
    var has = play && play.state === 'done' && play.reports.length;
    $('st-results').hidden = !has;
    if (!has) { paintHeat(); return; }
    var counts = $('st-counts');
    counts.replaceChildren();
    play.reports.forEach(function (r, i) {
      var b = el('button', r.players + ' players');
      b.type = 'button';
      b.classList.toggle('st-on', i === shownCount);
      b.addEventListener('click', function () { shownCount = i; results(); });
      counts.append(b);
    });
    var r = play.reports[shownCount];
    var rows = function (id, list, cells) {
      var body = document.querySelector('#' + id + ' tbody');
      body.replaceChildren();
      list.forEach(function (x) {
        var tr = el('tr');
        cells(x).forEach(function (c) {
          var td = el('td', c[0], c[1] || '');
          tr.append(td);
        });
        body.append(tr);
      });
    };
    var interval = function (i, noise) { return [pct(i[0]) + ' to ' + pct(i[1]), noise ? 'noise' : 'sig']; };
    rows('st-seats', r.seats, function (s) {
      return [['Seat ' + s.seat], [pct(s.win_rate), 'num'], interval(s.win_interval, s.within_noise), [s.mean.total.toFixed(1), 'num']];
    });
    rows('st-bots', r.by_bot, function (b) {
      return [[b.bot], [pct(b.win_rate), 'num'], interval(b.win_interval, b.within_noise), [b.mean.total.toFixed(1), 'num']];
    });
    rows('st-tickets', r.ticket_completion, function (t) {
      return [[t.name], [t.kept, 'num'], [t.kept ? pct(t.rate) : '—', 'num']];
    });
    $('st-report-link').href = api('/api/playtest/report?players=' + r.players);
    var legend = $('st-heat-legend');
    legend.replaceChildren(el('div', null, 'st-ramp'));
    var labels = el('div', null, 'st-ramp-labels');
    labels.append(el('span', 'never claimed'), el('span', 'claimed in every game'));
    legend.append(labels);
    paintHeat();
  }

  // The route heat of the report shown, lane by lane, on the board: the share of games each
  // lane was claimed in, on the report's colour ramp.
  var HEAT = [[0, [0xff, 0xff, 0xcc]], [0.5, [0xfd, 0x8d, 0x3c]], [1, [0xbd, 0x00, 0x26]]];
  function ramp(x) {
    x = Math.max(0, Math.min(1, x));
    for (var i = 1; i < HEAT.length; i++) {
      if (x <= HEAT[i][0]) {
        var a = HEAT[i - 1], b = HEAT[i], f = (x - a[0]) / (b[0] - a[0]);
        var c = a[1].map(function (v, k) { return Math.round(v + (b[1][k] - v) * f); });
        return 'rgb(' + c.join(',') + ')';
      }
    }
    return 'rgb(189,0,38)';
  }
  function paintHeat() {
    var s = svg();
    if (!s) return;
    s.querySelectorAll('rect.space[data-heat]').forEach(function (r) {
      r.style.fill = '';
      r.removeAttribute('data-heat');
    });
    s.classList.remove('st-heat');
    var on = $('st-heat-on').checked && play && play.state === 'done' && play.reports.length;
    if (!on) return;
    var r = play.reports[shownCount];
    r.route_claims.forEach(function (route) {
      route.lane_claim_rates.forEach(function (rate, lane) {
        var sel = 'rect.space[data-route="' + CSS.escape(route.id) + '"][data-lane="' + lane + '"]';
        s.querySelectorAll(sel).forEach(function (rect) {
          rect.style.fill = ramp(rate);
          rect.setAttribute('data-heat', rate.toFixed(3));
        });
      });
    });
    s.classList.add('st-heat');
  }
  $('st-heat-on').addEventListener('change', paintHeat);

  // --- the event stream ----------------------------------------------------------------------------
  var events = new EventSource(api('/api/events'));
  events.addEventListener('version', function (e) {
    if (!state || Number(e.data) !== state.version) fetchState();
  });
  events.addEventListener('playtest', function (e) { applyPlay(JSON.parse(e.data)); });
  events.onopen = function () { $('st-live').classList.remove('off'); };
  events.onerror = function () { $('st-live').classList.add('off'); };

  fetchState();
  fetch(api('/api/playtest')).then(function (r) { return r.json(); }).then(applyPlay);
  // For the Play tab's script (play.js), loaded after this one.
  window.ttrmapStudio = { api: api, el: el, toast: toast };
})();

// ttrmap studio, the Play tab (`ttrmap studio MAP --play`): the designer's seat at a game the
// studio holds. The page shows what /api/play sends (the table, the designer's hand, tickets
// and legal actions, each in words) and acts only by posting the index of one of those
// actions with the position it was offered at. User text is only written with textContent.
(function () {
  'use strict';
  if (document.body.getAttribute('data-game') !== 'true') return;
  var token = document.body.getAttribute('data-token');
  var $ = function (id) { return document.getElementById(id); };
  var board = $('st-board');
  var view = null;     // the last view
  var filter = null;   // a route id: only its claims are listed
  var sending = false; // an action is on its way
  var shownSeat = null; // hot-seat: the seat whose cards were last shown
  // Seat colours on the board (seat 1 first): none of them a card colour, so a claimed lane
  // never looks like an open one.
  var SEATS = ['#7b1fa2', '#00acc1', '#8d6e63', '#c0ca33', '#1a237e', '#ff6f00'];
  var CARDS = { red: '#e53935', orange: '#fb8c00', yellow: '#fdd835', green: '#43a047', blue: '#1e88e5',
    pink: '#ec407a', white: '#fafafa', black: '#212121', locomotive: '#78909c' };
  // What the designer is asked, by the view's phase.
  var ASKED = { 'setup tickets': 'choose your starting tickets', turn: 'draw cards, claim a route or draw tickets',
    drawing: 'take your next card', tunnel: 'pay the tunnel\'s extra cards or withdraw',
    'keeping tickets': 'choose the tickets to keep', decision: 'a decision' };

  // The studio page's helpers (studio.js, loaded first): URLs with the token, elements with
  // text, the toast.
  var shared = window.ttrmapStudio;
  var api = shared.api, el = shared.el, toast = shared.toast;
  function seatName(n) {
    var s = view.seats[n - 1];
    return 'player ' + n + ' (' + (s ? s.name : '?') + ')';
  }

  var tab = document.querySelector('#st-tabs [data-tab="play"]');
  tab.hidden = false;
  tab.click();

  function fetchView() {
    return fetch(api('/api/play')).then(function (r) { return r.json(); }).then(apply)
      .catch(function (e) { toast('cannot read the game: ' + e); });
  }

  function apply(v) {
    if (!v || typeof v.version !== 'number') return;
    if (view && (v.game < view.game || (v.game === view.game && v.version < view.version))) return;
    view = v;
    render();
  }

  function render() {
    var v = view;
    document.body.setAttribute('data-play-version', v.game + '.' + v.version);
    document.body.setAttribute('data-play-over', String(v.over));
    document.body.setAttribute('data-your-turn', String(v.your_turn));
    $('pl-game').textContent = v.map + ' · ' + v.players + ' players · you are player ' + v.seat +
      ' · seed ' + v.seed + ' · turn ' + (v.turn + 1);
    $('pl-status').textContent = v.over ? 'The game is over.'
      : v.your_turn ? 'Your turn: ' + (ASKED[v.phase] || v.phase) + '.'
      : seatName(v.current) + ' is playing…';
    // Hot-seat: another designer's seat comes up covered, until its player asks.
    if (v.designers.length > 1 && v.seat !== shownSeat) {
      $('pl-uncover').textContent = 'Player ' + v.seat + ': show my cards';
      $('pl-cover').hidden = false;
      $('pl-private').hidden = true;
    }
    shownSeat = v.seat;
    seats(v);
    display(v);
    var hand = $('pl-hand');
    hand.replaceChildren();
    if (!v.hand.length) hand.append(el('li', 'no cards'));
    v.hand.forEach(function (h) {
      var li = el('li', h.count + ' ' + h.card, 'pl-card');
      li.style.setProperty('--card', CARDS[h.card] || '#999');
      hand.append(li);
    });
    var tickets = $('pl-tickets');
    tickets.replaceChildren();
    if (!v.tickets.length) tickets.append(el('li', 'none yet'));
    v.tickets.forEach(function (t) {
      tickets.append(el('li', (t.completed ? '✓ ' : '') + t.name, t.completed ? 'pl-done' : ''));
    });
    $('pl-revealed').hidden = !v.revealed;
    $('pl-revealed').textContent = v.revealed ? 'Tunnel: revealed ' + v.revealed : '';
    actions(v);
    log(v);
    end(v);
    paint();
  }

  function seats(v) {
    document.querySelector('#pl-seats .pl-stations').hidden = !v.stations_each;
    var body = document.querySelector('#pl-seats tbody');
    body.replaceChildren();
    v.seats.forEach(function (s) {
      var tr = el('tr', null, s.seat === v.current && !v.over ? 'pl-now' : '');
      var name = el('td');
      var dot = el('span', null, 'pl-dot');
      dot.style.background = SEATS[(s.seat - 1) % SEATS.length];
      name.append(dot, el('span', s.seat + ' ' + s.name));
      tr.append(name);
      var cells = [s.trains, s.score, s.tickets, s.cards];
      if (v.stations_each) cells.push(s.stations);
      cells.forEach(function (n) { tr.append(el('td', n, 'num')); });
      body.append(tr);
    });
  }

  // The face-up cards and the deck: a click takes the card when the engine offers it.
  function display(v) {
    var d = $('pl-display');
    d.replaceChildren();
    v.display.forEach(function (card, slot) {
      var offer = v.actions.filter(function (a) { return a.kind === 'draw' && a.slot === slot; })[0];
      var b = el('button', card || 'empty', 'pl-card');
      b.type = 'button';
      b.style.setProperty('--card', CARDS[card] || '#ccc');
      b.disabled = !offer;
      if (offer) b.addEventListener('click', function () { if ($('pl-private').hidden) return; act(offer.index); });
      d.append(b);
    });
    var deck = v.actions.filter(function (a) { return a.kind === 'deck'; })[0];
    var b = el('button', 'deck (' + v.deck + ')', 'pl-deck');
    b.type = 'button';
    b.disabled = !deck;
    if (deck) b.addEventListener('click', function () { if ($('pl-private').hidden) return; act(deck.index); });
    d.append(b);
    $('pl-deck-count').textContent = '· discards ' + v.discard + ' · tickets left ' + v.tickets_left;
  }

  function actions(v) {
    var ul = $('pl-actions');
    ul.replaceChildren();
    var shown = v.actions.filter(function (a) { return !filter || a.route === filter; });
    $('pl-all').hidden = !filter;
    $('pl-filter').hidden = !filter;
    $('pl-filter').textContent = filter
      ? (shown.length ? 'The ways to claim this route:' : 'You cannot claim this route now.') : '';
    if (!v.your_turn && !v.over) ul.append(el('li', 'waiting for ' + seatName(v.current), 'pl-wait'));
    shown.forEach(function (a) {
      var li = el('li');
      var b = el('button', a.words);
      b.type = 'button';
      b.setAttribute('data-index', String(a.index));
      b.setAttribute('data-kind', a.kind);
      if (a.route) b.setAttribute('data-route', a.route);
      b.addEventListener('click', function () { act(a.index); });
      li.append(b);
      ul.append(li);
    });
  }
  $('pl-all').addEventListener('click', function () { filter = null; render(); });
  $('pl-uncover').addEventListener('click', function () {
    $('pl-cover').hidden = true;
    $('pl-private').hidden = false;
  });

  function log(v) {
    var ol = $('pl-log');
    ol.replaceChildren();
    v.log.slice(-40).forEach(function (l) {
      var who = l.player === v.seat ? 'you' : seatName(l.player);
      ol.append(el('li', (l.turn ? 'turn ' + l.turn : 'setup') + ', ' + who + ': ' + l.text));
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function end(v) {
    var e = v.end;
    $('pl-end').hidden = !e;
    if (!e) return;
    $('pl-failure').hidden = !e.failure;
    $('pl-failure').textContent = e.failure ? 'The game ended in a failure state: ' + e.failure : '';
    $('pl-sheet').textContent = e.sheet || '';
    $('pl-saved').textContent = e.recording
      ? 'Saved as ' + e.recording + ' (ttrmap replay reads it).'
      : 'Not saved: ' + (e.not_saved || '');
  }

  // The claimed lanes in their players' colours, stations as rings round their cities.
  function paint() {
    var s = board.querySelector('svg');
    if (!s || !view) return;
    s.querySelectorAll('.pl-claimed').forEach(function (r) {
      r.classList.remove('pl-claimed');
      r.style.fill = '';
      r.style.stroke = '';
    });
    view.claims.forEach(function (c) {
      var sel = 'rect.space[data-route="' + CSS.escape(c.route) + '"][data-lane="' + c.lane + '"]';
      s.querySelectorAll(sel).forEach(function (r) {
        r.classList.add('pl-claimed');
        r.style.fill = SEATS[(c.player - 1) % SEATS.length];
      });
    });
    view.stations.forEach(function (st) {
      var m = s.querySelector('g[data-city="' + CSS.escape(st.city) + '"] circle.city-marker');
      if (m) {
        m.classList.add('pl-claimed');
        m.style.stroke = SEATS[(st.player - 1) % SEATS.length];
      }
    });
  }
  new MutationObserver(paint).observe(board, { childList: true });

  // A route clicked on the board: its claims only (the payment to choose among them).
  board.addEventListener('click', function (e) {
    if (document.body.getAttribute('data-tab') !== 'play' || !view) return;
    var route = e.target.closest && e.target.closest('g.route[data-route]');
    if (!route) return;
    filter = route.getAttribute('data-route');
    render();
  });

  // A new game of the file as it is now (the one under way is dropped, unsaved).
  $('pl-new').addEventListener('click', function () {
    if (view && !view.over && !window.confirm('Leave this game unsaved and start a new one?')) return;
    fetch(api('/api/play/new'), { method: 'POST' })
      .then(function (r) {
        return r.json().then(function (j) { if (r.ok) { filter = null; apply(j); } else toast(j.message); });
      })
      .catch(function (e) { toast('no new game: ' + e); });
  });

  function act(index) {
    if (sending || !view) return;
    sending = true;
    var body = JSON.stringify({ version: view.version, index: index });
    fetch(api('/api/play/act'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body })
      .then(function (r) {
        return r.json().then(function (j) {
          if (r.ok) { filter = null; apply(j); } else { toast(j.message || ('refused: ' + r.status)); return fetchView(); }
        });
      })
      .catch(function (e) { toast('not sent: ' + e); })
      .then(function () { sending = false; });
  }

  var events = new EventSource(api('/api/events'));
  events.addEventListener('play', function (e) {
    if (!view || Number(e.data) !== view.version) fetchView();
  });
  // A move the page was not told of leaves it waiting: events sent while the stream was
  // down are lost, and a stream that falls more than the server's buffer behind (bots
  // playing with no delay) is sent one `version` event in place of the moves it missed.
  // So the game is read again at every (re)connection and `version` event.
  events.addEventListener('open', function () { fetchView(); });
  events.addEventListener('version', function () { fetchView(); });
  fetchView();
})();

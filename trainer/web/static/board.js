// A tap lost with its app process: the board of a move at a table (data.tap names the table, move and
// seat) remembers each tap in this tab with the session it went to. If the page comes back in another
// session (the process was gone: a reconnect or a reload) still showing that same move, the tap was
// never kept, and the board says so to the page ({lost: "1"}) instead of leaving "Your turn!" unexplained.
const TAP = 'fives-trainer-tap';

function lastTap() {
  try {
    return JSON.parse(window.sessionStorage.getItem(TAP) || 'null');
  } catch (err) {
    return null;
  }
}

export default function(component) {
  const { data, setTriggerValue: trigger, parentElement } = component;
  const setTriggerValue = (name, value) => {
    if (data.tap && name === 'pick') {
      try { window.sessionStorage.setItem(TAP, JSON.stringify({ tap: data.tap, session: data.tap_session })); }
      catch (err) { /* a tab that keeps nothing: the tap still goes */ }
    }
    trigger(name, value);
  };
  if (data.tap) {
    const kept = lastTap();
    if (kept && kept.tap !== data.tap) {
      window.sessionStorage.removeItem(TAP);  // the game moved on: that tap was kept (or refused and said)
    } else if (kept && kept.session !== data.tap_session) {
      window.sessionStorage.removeItem(TAP);
      trigger('pick', { lost: '1' });
    }
  }
  let root = parentElement.querySelector('.fives-board');
  if (!root) {
    root = document.createElement('div');
    root.className = 'fives-board';
    parentElement.appendChild(root);
  }
  const handCap = data.hand_width ? ' style="max-width:' + data.hand_width + '"' : '';
  const speak = data.speak_text ? { text: data.speak_text, label: data.speak_label, lang: data.speak_lang } : null;
  // the line under the picture: what to tap, and the "Read it to me" button (one row, so the
  // puzzle and its answer fit a tablet's screen)
  const foot = (data.mode === 'view' ? '' : '<p class="hint" aria-live="polite"></p>') +
    (speak ? '<button class="fives-speak" type="button"></button>' : '');
  // the layout, the hand and the line under them side by side where there is room, else one under
  // another
  const layoutBasis = data.layout_width ? ' style="max-width:' + data.layout_width + ';flex-basis:' +
    data.layout_width + '"' : '';
  root.innerHTML = '<div class="pictures">' +
    (data.layout ? '<div class="layout"' + layoutBasis + '>' + data.layout + '</div>' : '') +
    (data.hand ? '<div class="hand-box">' +
      (data.hand_caption ? '<div class="caption">' + data.hand_caption + '</div>' : '') +
      '<div class="hand"' + handCap + '>' + data.hand + '</div></div>' : '') +
    (data.extra ? '<div class="extra">' + data.extra + '</div>' : '') +
    (foot ? '<div class="foot">' + foot + '</div>' : '') + '</div>';
  speaker(root.querySelector('.fives-speak'), speak, data);
  // drawn: the page's CSS hides the plain copy of these pictures that stood above (trainer.web.ui.first_paint)
  const host = parentElement.getRootNode().host || parentElement;
  host.setAttribute('data-fives-drawn', '1');
  // a phone: the layout's tiles stay big enough to see (the picture scrolls sideways) and a long hand
  // wraps into rows, each tile big enough to tap (the arithmetic of trainer.ui.hand_rows)
  const layoutSvg = root.querySelector('.layout svg');
  const least = leastSize(root.querySelector('.layout'), data);
  if (layoutSvg && data.layout_height) {
    layoutSvg.style.maxHeight = data.layout_height;
    // a layout its height limits is narrower than its natural width: the hand may stand beside it
    const view = layoutSvg.viewBox.baseVal;
    const tall = data.layout_height.endsWith('vh') ? parseFloat(data.layout_height) * window.innerHeight / 100 : 0;
    const box = root.querySelector('.layout');
    if (tall && view && view.height > 0 && box) {
      const natural = parseFloat(data.layout_width) || Infinity;
      // Play a hand (which gives a floor): never narrower than the layout's own least width, or it would scroll
      const fewest = data.layout_floor && least ? least[0] : 0;
      const wide = Math.max(fewest, Math.min(natural, tall * view.width / view.height));
      box.style.flexBasis = Math.ceil(wide) + 'px';
      box.style.maxWidth = Math.ceil(wide) + 'px';
    }
  }
  if (layoutSvg && least) {
    layoutSvg.style.minWidth = least[0] + 'px';
    layoutSvg.style.minHeight = least[1] + 'px';
  }
  const layoutBox = root.querySelector('.layout');
  if (layoutBox && data.scroll_cue) {
    scrollCue(layoutBox, data.scroll_cue);
  }
  const handSvg = root.querySelector('.hand svg.fives-hand');
  if (handSvg && data.hand_tile) {
    wrapHand(handSvg, root.querySelector('.hand'), parseFloat(data.hand_tile));
  }
  const hint = root.querySelector('.hint') || { textContent: '' };
  let selected = data.selected || null;
  const chosen = new Set((data.chosen || '').split(' ').filter(Boolean));
  const paint = () => {
    root.querySelectorAll('.hand [data-tile]').forEach(g =>
      g.classList.toggle('chosen', g.getAttribute('data-tile') === selected));
    root.querySelectorAll('.layout [data-end]').forEach(g =>
      g.classList.toggle('chosen', chosen.has(g.getAttribute('data-end'))));
    if (data.mode === 'play') {
      hint.textContent = selected ? (data.hint_play_tile || '').replace('{tile}', selected)
                                  : (data.hint_play || '');
    } else if (data.mode === 'ends') {
      hint.textContent = data.hint || data.hint_ends || '';
    } else if (data.mode === 'lead') {
      hint.textContent = data.hint_lead || '';
    }
  };
  if (data.mode === 'play') {
    root.querySelectorAll('.hand [data-tile]').forEach(g => {
      g.style.cursor = 'pointer';
      g.addEventListener('click', () => { selected = g.getAttribute('data-tile'); paint(); });
    });
  }
  if (data.mode === 'lead') {
    hint.textContent = data.hint_lead || '';
    root.querySelectorAll('.hand [data-tile]').forEach(g => {
      g.style.cursor = 'pointer';
      g.addEventListener('click', () => setTriggerValue('pick', { tile: g.getAttribute('data-tile') }));
    });
  }
  if (data.mode === 'play' || data.mode === 'ends') {
    root.querySelectorAll('.layout [data-end]').forEach(g => {
      g.style.cursor = 'pointer';
      g.addEventListener('click', () => {
        const end = g.getAttribute('data-end');
        if (data.mode === 'ends') {
          if (chosen.has(end)) { chosen.delete(end); } else { chosen.add(end); }
          paint();
          // the page keeps the selection with its letter buttons: one selection, one Check
          setTriggerValue('pick', { ends: Array.from(chosen) });
          return;
        }
        if (!selected) { hint.textContent = data.hint_first_tile || ''; return; }
        setTriggerValue('pick', { tile: selected, end: end });
      });
    });
  }
  paint();
}

// "Read it to me": the browser's own speech synthesis reads the question (and the feedback).
// Nothing goes to a server; where the browser has no voice, the button says so. Its words come
// from the page (trainer/words/pages.py), in the reader's language.
function speaker(button, speak, data) {
  if (!button || !speak) {
    return;
  }
  const label = speak.label || '';
  button.innerHTML = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" ' +
    'style="vertical-align:-4px"><path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>' +
    '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round"/></svg> ' +
    label.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
  button.setAttribute('aria-label', label);
  button.onclick = () => {
    const voice = window.speechSynthesis;
    if (!voice || typeof SpeechSynthesisUtterance === 'undefined') {
      button.textContent = data.no_voice || '';
      return;
    }
    voice.cancel();
    const words = new SpeechSynthesisUtterance(speak.text || '');
    words.rate = 0.9;
    words.lang = speak.lang || 'en';
    // a voice of the learner's language where the browser has one (offline voices first)
    const voices = voice.getVoices ? voice.getVoices() : [];
    const mine = voices.filter((v) => (v.lang || '').toLowerCase().startsWith(words.lang));
    const chosen = mine.find((v) => v.localService) || mine[0];
    if (chosen) {
      words.voice = chosen;
    }
    voice.speak(words);
  };
}

// The least size (px) of the layout's picture: its tiles as long as the page asks (`layout_min`); where that
// is wider than the room there is, as wide as the room, but never below `layout_floor` (then it scrolls).
function leastSize(box, data) {
  if (!data.layout_min) { return null; }
  const [w, h] = data.layout_min.split(' ').map(parseFloat);
  const floor = data.layout_floor ? parseFloat(data.layout_floor.split(' ')[0]) : w;
  const room = box ? (box.parentElement || box).clientWidth : 0;
  const shown = room && floor < w ? Math.max(floor, Math.min(w, room)) : w;
  return [Math.round(shown), Math.round(h * shown / w)];
}

// A hand whose tiles would be narrower than `least` px in one row is laid out again in rows.
function wrapHand(svg, box, least) {
  const tiles = Array.from(svg.querySelectorAll('g.hand-tile'));
  const room = box.clientWidth || box.parentElement.clientWidth;
  const view = svg.viewBox.baseVal;
  if (!tiles.length || !room || view.width <= 0) { return; }
  const shown = Math.min(room, parseFloat(svg.getAttribute('width')) || room);
  const cell = 12, slot = 3 * cell, tall = 4 * cell;
  if (shown / tiles.length * 2 / 3 >= least) { return; }
  let per = Math.max(1, Math.floor(room / (least * 1.5)));
  const rows = Math.ceil(tiles.length / per);
  per = Math.ceil(tiles.length / rows);
  tiles.forEach((g, i) => {
    g.setAttribute('transform', 'translate(' + ((i % per) * slot) + ',' + (Math.floor(i / per) * (tall + cell)) + ')');
  });
  const w = per * slot - cell + 8, h = rows * (tall + cell) - cell + 8;
  svg.setAttribute('viewBox', '-4 -4 ' + w + ' ' + h);
  const px = Math.min(room, per * 72);
  svg.setAttribute('width', px);
  svg.setAttribute('height', px * h / w);
  box.style.maxWidth = px + 'px';
}

// A layout wider than the screen scrolls sideways: it says so under the picture (words a screen reader
// reads too, tied to the picture) and fades at the edge that has more to see, until the child gets there.
function scrollCue(box, words) {
  const cue = document.createElement('p');
  cue.className = 'scroll-cue';
  cue.id = 'fives-scroll-cue-' + Math.random().toString(36).slice(2, 10);
  cue.innerHTML = '<span></span> <span aria-hidden="true">→</span>';
  cue.firstChild.textContent = words;
  box.after(cue);
  let centred = false;
  const update = () => {
    const more = box.scrollWidth - box.clientWidth;
    const scrolls = more > 1;
    const spinner = box.querySelector('.spinner-mark');
    if (scrolls && !centred && spinner) {
      // a cross (a spinner's arms reach out on every side) opens centred, not at its left edge
      centred = true;
      box.scrollLeft = more / 2;
    }
    cue.hidden = !scrolls;
    box.classList.toggle('fade-right', scrolls && box.scrollLeft < more - 1);
    box.classList.toggle('fade-left', scrolls && box.scrollLeft > 1);
    // each fade no wider than what is hidden beyond that edge (48 px, 3rem, at most)
    box.style.setProperty('--fade-r', Math.max(0, Math.min(48, more - box.scrollLeft)) + 'px');
    box.style.setProperty('--fade-l', Math.max(0, Math.min(48, box.scrollLeft)) + 'px');
    if (scrolls) {
      box.setAttribute('tabindex', '0'); // the keyboard scrolls it too
      box.setAttribute('aria-describedby', cue.id);
    } else {
      box.removeAttribute('tabindex');
      box.removeAttribute('aria-describedby');
    }
  };
  box.addEventListener('scroll', update, { passive: true });
  if (typeof ResizeObserver !== 'undefined') {
    new ResizeObserver(update).observe(box);
  }
  update();
}

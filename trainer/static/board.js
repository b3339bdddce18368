export default function(component) {
  const { data, setTriggerValue, parentElement } = component;
  let root = parentElement.querySelector('.fives-board');
  if (!root) {
    root = document.createElement('div');
    root.className = 'fives-board';
    parentElement.appendChild(root);
  }
  const cap = data.layout_width ? ' style="max-width:' + data.layout_width + '"' : '';
  root.innerHTML = (data.layout ? '<div class="layout"' + cap + '>' + data.layout + '</div>' : '') +
    (data.hand ? '<div class="hand">' + data.hand + '</div>' : '') +
    '<p class="hint" aria-live="polite"></p>' +
    (data.mode === 'ends' ? '<button class="check" type="button">Check my ends</button>' : '');
  const hint = root.querySelector('.hint');
  let selected = data.selected || null;
  const chosen = new Set(data.chosen || []);
  const paint = () => {
    root.querySelectorAll('.hand [data-tile]').forEach(g =>
      g.classList.toggle('chosen', g.getAttribute('data-tile') === selected));
    root.querySelectorAll('.layout [data-end]').forEach(g =>
      g.classList.toggle('chosen', chosen.has(g.getAttribute('data-end'))));
    if (data.mode === 'play') {
      hint.textContent = selected ? ('Now tap a lettered end for ' + selected + '.')
                                  : 'Tap a tile in your hand, then a lettered end.';
    } else if (data.mode === 'ends') {
      hint.textContent = 'Tap every end that counts, then press Check.';
    } else if (data.mode === 'lead') {
      hint.textContent = 'Tap the tile you want to lead.';
    }
  };
  if (data.mode === 'play') {
    root.querySelectorAll('.hand [data-tile]').forEach(g => {
      g.style.cursor = 'pointer';
      g.addEventListener('click', () => { selected = g.getAttribute('data-tile'); paint(); });
    });
  }
  if (data.mode === 'lead') {
    hint.textContent = 'Tap the tile you want to lead.';
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
          return;
        }
        if (!selected) { hint.textContent = 'First tap a tile in your hand.'; return; }
        setTriggerValue('pick', { tile: selected, end: end });
      });
    });
  }
  const check = root.querySelector('.check');
  if (check) {
    check.addEventListener('click', () => setTriggerValue('pick', { ends: Array.from(chosen) }));
  }
  paint();
}

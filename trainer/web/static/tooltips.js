// No tooltip may cover a control. Streamlit places a widget's `help=` tooltip above (or beside) the
// widget, where it can lie over another button; such a tooltip is hidden (static/page.css keeps
// tooltips from catching taps, and shows none at all on a touch screen). One opened by a touch on a
// screen that also has a mouse is hidden too: nothing would close it. Installed once per window.
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="radio"], [role="tab"], ' +
  '[role="checkbox"], [role="option"], [role="slider"], [role="link"]';

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function covers(tip) {
  const box = tip.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) {
    return false;
  }
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (tip.contains(el) || el.matches(':hover') || el.querySelector(':hover')) {
      continue; // the widget the tooltip is about
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && overlaps(box, r)) {
      return true;
    }
  }
  return false;
}

function install() {
  let touched = false;
  window.addEventListener('pointerdown', (e) => { touched = e.pointerType === 'touch'; }, true);
  let queued = false;
  const check = () => {
    queued = false;
    for (const tip of document.querySelectorAll('[data-floating-ui-portal] [role="tooltip"]')) {
      const hide = touched || covers(tip);
      if ((tip.getAttribute('data-fives-covers') === 'true') !== hide) {
        tip.setAttribute('data-fives-covers', hide ? 'true' : 'false');
      }
    }
  };
  const later = () => {
    if (!queued) {
      queued = true;
      window.requestAnimationFrame(check);
    }
  };
  // a tooltip is put in place after it is added (its style changes): each change is checked
  new MutationObserver(later).observe(document.body, {
    childList: true, subtree: true, attributes: true, attributeFilter: ['style'],
  });
  window.addEventListener('scroll', later, true);
}

export default function () {
  if (!window.__fivesTooltips) {
    window.__fivesTooltips = true;
    install();
  }
}

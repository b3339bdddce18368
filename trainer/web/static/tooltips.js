// No tooltip may cover a control. Streamlit places a widget's `help=` tooltip above the widget, where
// it can lie over another button: such a tooltip moves below its widget (or above it) where that is
// clear, and is hidden where neither is (static/page.css keeps tooltips from catching taps, and shows
// none at all on a touch screen). One opened by a touch on a screen that also has a mouse is hidden
// too: nothing would close it. Installed once per window.
const CONTROLS = 'button, a[href], input, select, textarea, [role="button"], [role="radio"], [role="tab"], ' +
  '[role="checkbox"], [role="option"], [role="slider"], [role="link"]';
const GAP = 6;

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

// The widget the tooltip is about: the one under the mouse, or the one with the keyboard's focus.
function reference() {
  const hovered = document.querySelectorAll(':hover');
  const el = hovered.length ? hovered[hovered.length - 1] : document.activeElement;
  return el && el !== document.body ? (el.closest('[data-testid="stTooltipHoverTarget"]') || el) : null;
}

// A control a person can see: not in a folded panel (Streamlit keeps its content, inert) nor hidden.
function shown(el) {
  if (el.closest('[inert], [aria-hidden="true"]')) {
    return false;
  }
  return typeof el.checkVisibility !== 'function' || el.checkVisibility({ visibilityProperty: true });
}

function covers(box, tip, ref) {
  for (const el of document.querySelectorAll(CONTROLS)) {
    if (tip.contains(el) || (ref && (ref.contains(el) || el.contains(ref))) || !shown(el)) {
      continue;
    }
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && overlaps(box, r)) {
      return true;
    }
  }
  return false;
}

// Where the tooltip may stand: its own place, else below or above its widget; null where none is clear.
function placeFor(tip) {
  const now = parseFloat(tip.style.getPropertyValue('--fives-shift')) || 0;
  const r = tip.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) {
    return now;
  }
  const base = { left: r.left, right: r.right, top: r.top - now, bottom: r.bottom - now };
  const ref = reference();
  if (!covers(base, tip, ref)) {
    return 0;
  }
  if (!ref) {
    return null;
  }
  const w = ref.getBoundingClientRect();
  for (const shift of [w.bottom + GAP - base.top, w.top - GAP - base.bottom]) {
    const moved = { left: base.left, right: base.right, top: base.top + shift, bottom: base.bottom + shift };
    if (moved.top >= 0 && moved.bottom <= window.innerHeight && !covers(moved, tip, ref)) {
      return shift;
    }
  }
  return null;
}

function install() {
  let touched = false;
  window.addEventListener('pointerdown', (e) => { touched = e.pointerType === 'touch'; }, true);
  let queued = false;
  const check = () => {
    queued = false;
    for (const tip of document.querySelectorAll('[data-floating-ui-portal] [role="tooltip"]')) {
      const place = touched ? null : placeFor(tip);
      const hide = place === null ? 'true' : 'false';
      if (tip.getAttribute('data-fives-covers') !== hide) {
        tip.setAttribute('data-fives-covers', hide);
      }
      const shift = place === null ? '' : place + 'px';
      if (tip.style.getPropertyValue('--fives-shift') !== shift) {
        tip.style.setProperty('--fives-shift', shift);
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

// On a narrow screen the side menu covers the page: close it once a new page has opened. A page that
// needs the whole width of a tablet (a game under way) asks for it with `close_below` (in CSS pixels), or
// carries a mark in its own content (`data-fives-wide`, with its width in `data-fives-below`): the menu
// closes once for each mark seen, however soon the next run takes the mark away again. The watch for
// marks is installed once per window.
function closeMenu() {
  const sidebar = document.querySelector('[data-testid="stSidebar"]');
  if (!sidebar || sidebar.getAttribute("data-collapsed") === "true") {
    return;
  }
  const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button') ||
    document.querySelector('[data-testid="stSidebarCollapseButton"]');
  if (close) {
    close.click();
  }
}

function widen() {
  const seen = window.__fivesWidened;
  for (const mark of document.querySelectorAll("[data-fives-wide]")) {
    const game = mark.getAttribute("data-fives-wide");
    if (seen.has(game)) {
      continue;
    }
    seen.add(game);
    if (window.innerWidth <= Number(mark.getAttribute("data-fives-below") || 0)) {
      closeMenu();
    }
  }
}

function watch() {
  if (window.__fivesWidened) {
    return;
  }
  window.__fivesWidened = new Set();
  let queued = false;
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        widen();
      });
    }
  }).observe(document.body, { childList: true, subtree: true });
  widen();
}

export default function (component) {
  const { data } = component;
  watch();
  const last = window.__fivesPage;
  window.__fivesPage = data.page;
  const tablet = data.close_below && window.innerWidth <= data.close_below;
  if (!tablet && (last === undefined || last === data.page || window.innerWidth > 640)) {
    return;
  }
  closeMenu();
}

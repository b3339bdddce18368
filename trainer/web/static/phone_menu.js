// On a narrow screen the side menu covers the page: close it once a new page has opened. A page that
// needs the whole width of a tablet (a game under way) asks for it with `close_below` (in CSS pixels).
export default function (component) {
  const { data } = component;
  const last = window.__fivesPage;
  window.__fivesPage = data.page;
  const tablet = data.close_below && window.innerWidth <= data.close_below;
  if (!tablet && (last === undefined || last === data.page || window.innerWidth > 640)) {
    return;
  }
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

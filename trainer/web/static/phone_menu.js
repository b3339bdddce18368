// On a narrow screen the side menu covers the page: close it once a new page has opened.
export default function (component) {
  const { data } = component;
  const last = window.__fivesPage;
  window.__fivesPage = data.page;
  if (last === undefined || last === data.page || window.innerWidth > 640) {
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

// Streamlit's list of pages in the side panel puts each section (its heading and its links) in a
// <div> inside the <ul>, so the list holds no items of its own and each <li> stands outside a list:
// a screen reader announces neither the lists nor how many pages each holds. This gives the markup
// the roles it means: the <ul> is only a frame, each section a list named by its heading. It is
// put right again whenever Streamlit draws the panel anew. Installed once per window. It also gives the
// document the language the page is read in.
let sections = 0;

function mend(nav) {
  const outer = nav.querySelector('ul[data-testid="stSidebarNavItems"]');
  if (!outer) {
    return;
  }
  const groups = Array.from(outer.children).filter((el) => el.tagName !== 'LI' && el.querySelector(':scope > li'));
  if (!groups.length) {
    return; // pages without sections: the <ul> holds its <li> itself
  }
  if (outer.getAttribute('role') !== 'none') {
    outer.setAttribute('role', 'none');
  }
  for (const group of groups) {
    if (group.getAttribute('role') !== 'list') {
      group.setAttribute('role', 'list');
    }
    const heading = group.querySelector(':scope > header');
    if (heading && !group.hasAttribute('aria-labelledby')) {
      if (!heading.id) {
        sections += 1;
        heading.id = 'fives-nav-section-' + sections;
      }
      group.setAttribute('aria-labelledby', heading.id);
    }
  }
}

function install() {
  let queued = false;
  const run = () => {
    queued = false;
    const nav = document.querySelector('[data-testid="stSidebarNav"]');
    if (nav) {
      mend(nav);
    }
  };
  run();
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      window.requestAnimationFrame(run);
    }
  }).observe(document.body, { childList: true, subtree: true });
}

export default function (component) {
  // the page's language, for screen readers and the browser's own speech (Streamlit's page says "en")
  const lang = component && component.data && component.data.lang;
  if (lang && document.documentElement.lang !== lang) {
    document.documentElement.lang = lang;
  }
  if (!window.__fivesNavigation) {
    window.__fivesNavigation = true;
    install();
  }
}

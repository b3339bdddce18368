// Streamlit's list of pages in the side panel puts each section (its heading and its links) in a
// <div> inside the <ul>, so the list holds no items of its own and each <li> stands outside a list:
// a screen reader announces neither the lists nor how many pages each holds. This gives the markup
// the roles it means: the <ul> is only a frame, each section a list named by its heading. It is
// put right again whenever Streamlit draws the panel anew. Installed once per window. It also gives the
// document the language the page is read in, and says Streamlit's own names (a button's name, a tooltip, an
// empty chooser's placeholder, which Streamlit writes in English) in that language: the app sends them
// (words/pages.py, streamlit_labels), and each is put back in English when the page is read in English again.
let sections = 0;
const NAMED = ['aria-label', 'title', 'placeholder'];

function said(english) {
  // kept on the window: the page's every drawing of this script shares the names last sent
  const labels = window.__fivesLabels || { exact: {}, prefix: [] };
  if (Object.prototype.hasOwnProperty.call(labels.exact, english)) {
    return labels.exact[english];
  }
  for (const [start, template] of labels.prefix) {
    if (english.startsWith(start)) {
      return template.replace('{}', english.slice(start.length));
    }
  }
  return null;
}

function speak(root) {
  const labels = window.__fivesLabels;
  const none = !labels || (!Object.keys(labels.exact).length && !labels.prefix.length);
  if (none && !window.__fivesSaidAny) {
    return; // English, and nothing said otherwise yet: nothing to look at
  }
  window.__fivesSaidAny = !none;
  for (const el of root.querySelectorAll('[aria-label],[title],[placeholder]')) {
    for (const name of NAMED) {
      const kept = 'data-fives-en-' + name;
      const now = el.getAttribute(name);
      if (now === null) {
        continue;
      }
      // Streamlit may write its English again (a new run): that is the English to say
      const english = el.hasAttribute(kept) && now === el.getAttribute('data-fives-said-' + name)
        ? el.getAttribute(kept) : now;
      const words = said(english);
      if (words !== null && words !== now) {
        el.setAttribute(kept, english);
        el.setAttribute('data-fives-said-' + name, words);
        el.setAttribute(name, words);
      } else if (words === null && el.hasAttribute(kept) && english !== now) {
        el.setAttribute(name, english); // read in English again
        el.removeAttribute(kept);
        el.removeAttribute('data-fives-said-' + name);
      }
    }
  }
}

function speakText(root) {
  // the one line of Streamlit's own that is text, not a name: how to move about a date box's calendar
  for (const el of root.querySelectorAll('[id$="-calendar-desc"]')) {
    const now = el.textContent;
    const english = el.hasAttribute('data-fives-en-text') && now === el.getAttribute('data-fives-said-text')
      ? el.getAttribute('data-fives-en-text') : now;
    const words = said(english);
    if (words !== null && words !== now) {
      el.setAttribute('data-fives-en-text', english);
      el.setAttribute('data-fives-said-text', words);
      el.textContent = words;
    } else if (words === null && english !== now) {
      el.textContent = english;
    }
  }
}

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

// Streamlit's date box and its calendar write the months, the days of the week and their own names in the
// browser's language (Streamlit reads navigator.language for them, React Aria too), which need not be the
// page's: while the page is read in another language than the browser's, the browser's language is said to
// be the page's, and React Aria is told by the event it listens for
const BROWSER_LANGUAGE = window.navigator.language;
const DATE_LANGUAGE = Symbol.for('react-aria.i18n.locale');

function dateLanguage(lang) {
  const own = !lang || BROWSER_LANGUAGE.split('-')[0] === lang;
  const wanted = own ? BROWSER_LANGUAGE : lang;
  if (window.navigator.language === wanted) {
    return;
  }
  if (own) {
    delete window.navigator.language; // the browser's own again
    delete window[DATE_LANGUAGE];
  } else {
    Object.defineProperty(window.navigator, 'language', { configurable: true, get: () => lang });
    window[DATE_LANGUAGE] = lang;
  }
  window.dispatchEvent(new Event('languagechange'));
}

let shownFact = null;

function freshAnswers() {
  // a new Sprint fact: the answer tapped for the last one gives up its focus, which Streamlit draws in the
  // colour of a choice made, on the button in its place
  const question = document.querySelector('.sp-question');
  const fact = question ? `${question.dataset.at}:${question.dataset.fact}` : null;
  if (fact === shownFact) {
    return;
  }
  shownFact = fact;
  const focused = document.activeElement;
  if (focused && focused.closest && focused.closest('[class*="st-key-sp_choice"]')) {
    focused.blur();
  }
}

// A picture of a layout wider than the screen that is not the board (the layout at a hand's end on Play a hand,
// a table's sheet) scrolls sideways, as the board's does: it fades at the edge that has more to see, each fade no
// wider than what is hidden there, and says so under the picture, in the page's language (page.css)
function slides() {
  for (const box of document.querySelectorAll('.fives-picture[tabindex]')) {
    if (!box.__fivesSlides) {
      box.__fivesSlides = true;
      const update = () => slide(box);
      box.addEventListener('scroll', update, { passive: true });
      if (typeof ResizeObserver !== 'undefined') {
        new ResizeObserver(update).observe(box);
      }
    }
    slide(box);
  }
}

function slide(box) {
  const more = box.scrollWidth - box.clientWidth;
  const scrolls = more > 1;
  box.classList.toggle('fives-slides', scrolls);
  box.classList.toggle('fade-right', scrolls && box.scrollLeft < more - 1);
  box.classList.toggle('fade-left', scrolls && box.scrollLeft > 1);
  box.style.setProperty('--fade-r', Math.max(0, Math.min(48, more - box.scrollLeft)) + 'px');
  box.style.setProperty('--fade-l', Math.max(0, Math.min(48, box.scrollLeft)) + 'px');
  const cue = window.__fivesCue || '';
  if (scrolls && cue && box.dataset.fivesCue !== cue) {
    box.dataset.fivesCue = cue;
  } else if (!scrolls && box.dataset.fivesCue !== undefined) {
    delete box.dataset.fivesCue;
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
    speak(document.body);
    speakText(document.body);
    freshAnswers();
    slides();
  };
  window.__fivesSpeak = run;
  run();
  new MutationObserver(() => {
    if (!queued) {
      queued = true;
      window.requestAnimationFrame(run);
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: NAMED });
}

export default function (component) {
  // the page's language, for screen readers and the browser's own speech (Streamlit's page says "en")
  const lang = component && component.data && component.data.lang;
  if (lang && document.documentElement.lang !== lang) {
    document.documentElement.lang = lang;
  }
  dateLanguage(lang);
  const sent = component && component.data && component.data.labels;
  if (sent) {
    window.__fivesLabels = { exact: sent.exact || {}, prefix: sent.prefix || [] };
  }
  if (component && component.data && component.data.cue) {
    window.__fivesCue = component.data.cue;
  }
  if (!window.__fivesNavigation) {
    window.__fivesNavigation = true;
    install();
  } else if (window.__fivesSpeak) {
    window.__fivesSpeak();
  }
}

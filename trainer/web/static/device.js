// This browser remembers who last signed in here (its own local storage, nothing leaves the
// device), so the trainer can ask "Continue as Blue Fox?" next time. It also keeps a copy of the
// answers that could not be saved yet (the outbox), so a reload during an outage loses none.
const KEY = "fives-trainer-me";
const OUTBOX = "fives-trainer-outbox";
const TEACHER = "fives-trainer-teacher";
const LANGUAGE = "fives-trainer-language";
const LINK = "fives-trainer-link";
const GAME = "fives-trainer-game";
// a table's seats: this tab's key for them, in this tab's own storage (never in the address, where the
// browser's history, a screenshot or a copied link would hand the seat over)
const TABLE = "fives-trainer-table";
// a guest's practice (answers, Sprint answers, stages chosen), in this tab's own storage: a reload picks it up,
// closing the tab forgets it, and the next child on a shared tablet never sees it
const GUEST = "fives-trainer-guest";
// the address the children's tablets use, typed on the projector in a live lesson's lobby (for the next lesson)
const CHILDREN = "fives-trainer-children-address";

// the class a teacher keeps open is also in a cookie sent with the page's connection, so a page's first run
// knows it: written as each page loads by the page's own script (trainer/serving/index.py, CLASS_SCRIPT),
// whose writer this calls to keep it in step when the class changes
function classCookie(value) {
  if (typeof window.fivesClassCookie === "function") {
    window.fivesClassCookie(value);
  }
}

function readJson(key) {
  try {
    return JSON.parse(window.localStorage.getItem(key) || "{}") || {};
  } catch (err) {
    return {};
  }
}

export default function (component) {
  const { data, setTriggerValue } = component;
  try {
    if (data.forget) {
      window.localStorage.removeItem(KEY);
    } else if (data.save_code) {
      window.localStorage.setItem(KEY, JSON.stringify({ code: data.save_code, nickname: data.save_nickname }));
    } else if (data.clean) {
      // an old teacher link: the key leaves this tab's address and its history entry at once
      const url = new URL(window.location.href);
      for (const name of data.clean.split(" ")) {
        url.searchParams.delete(name);
      }
      window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
      setTriggerValue("cleaned", true);
    } else if (data.save_lang) {
      window.localStorage.setItem(LANGUAGE, data.save_lang);
    } else if (data.save_teacher) {
      window.localStorage.setItem(TEACHER, data.save_teacher);
      classCookie(data.save_teacher);
    } else if (data.forget_teacher) {
      window.localStorage.removeItem(TEACHER);
      classCookie("");
    } else if (typeof data.table === "string") {
      if (data.table) {
        window.sessionStorage.setItem(TABLE, data.table);
      } else {
        window.sessionStorage.removeItem(TABLE);
      }
    } else if (typeof data.children === "string") {
      if (data.children) {
        window.localStorage.setItem(CHILDREN, data.children);
      } else {
        window.localStorage.removeItem(CHILDREN);
      }
    } else if (typeof data.outbox === "string") {
      if (data.outbox) {
        window.localStorage.setItem(OUTBOX, data.outbox);
      } else {
        window.localStorage.removeItem(OUTBOX);
      }
    } else if (typeof data.guest === "string") {
      if (data.guest) {
        window.sessionStorage.setItem(GUEST, data.guest);
      } else {
        window.sessionStorage.removeItem(GUEST);
      }
    } else if (typeof data.game === "string") {
      // a guest's game of Play a hand (its settings and moves), so a reload picks it up
      if (data.game) {
        window.localStorage.setItem(GAME, data.game);
      } else {
        window.localStorage.removeItem(GAME);
      }
    } else if (data.read) {
      const value = readJson(KEY);
      const outbox = window.localStorage.getItem(OUTBOX);
      if (outbox) {
        value.outbox = outbox;
      }
      const lang = window.localStorage.getItem(LANGUAGE);
      if (lang) {
        value.lang = lang;
      }
      const game = window.localStorage.getItem(GAME);
      if (game) {
        value.game = game;
      }
      const teacher = window.localStorage.getItem(TEACHER);
      if (teacher) {
        value.teacher = teacher;
      }
      const children = window.localStorage.getItem(CHILDREN);
      if (children) {
        value.children = children;
      }
      const table = window.sessionStorage.getItem(TABLE);
      if (table) {
        value.table = table;
      }
      const guest = window.sessionStorage.getItem(GUEST);
      if (guest) {
        value.guest = guest;
      }
      // an old teacher link's class and key, moved out of the address before the page loaded
      // (trainer/serving/index.py): handed over once, then gone from this tab
      const link = window.sessionStorage.getItem(LINK);
      if (link) {
        value.link = link;
        window.sessionStorage.removeItem(LINK);
      }
      setTriggerValue("remembered", value);
    }
  } catch (err) {
    // storage switched off (a private window): the trainer simply does not remember
    if (data.read) {
      setTriggerValue("remembered", {});
    }
  }
}

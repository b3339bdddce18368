// Takes the keyboard focus away from a text box, so the page's shortcut keys work again.
export default function (component) {
  const el = document.activeElement;
  if (el && typeof el.blur === "function" && el !== document.body) {
    el.blur();
  }
}

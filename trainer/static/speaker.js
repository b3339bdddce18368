// A speaker button: reads the given text aloud with the browser's own speech synthesis.
// Nothing goes to a server; where the browser has no voice, the button says so.
export default function (component) {
  const { data, parentElement } = component;
  let button = parentElement.querySelector("button.fives-speak");
  if (!button) {
    button = document.createElement("button");
    button.className = "fives-speak";
    button.type = "button";
    parentElement.appendChild(button);
  }
  const label = data.label || "Read it to me";
  const icon = '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" style="vertical-align:-4px">' +
    '<path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor"/>' +
    '<path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" ' +
    'stroke-width="2" stroke-linecap="round"/></svg> ';
  button.innerHTML = icon + label.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]);
  button.setAttribute("aria-label", label);
  button.dataset.text = data.text || "";
  button.onclick = () => {
    const speech = window.speechSynthesis;
    if (!speech || typeof SpeechSynthesisUtterance === "undefined") {
      button.textContent = "This browser cannot read aloud";
      return;
    }
    speech.cancel();
    const words = new SpeechSynthesisUtterance(button.dataset.text);
    words.rate = 0.9;
    words.lang = "en";
    speech.speak(words);
  };
}

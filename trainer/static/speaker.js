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
  button.textContent = "\u{1F50A} " + label;
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

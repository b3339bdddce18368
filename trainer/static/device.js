// This browser remembers who last signed in here (its own local storage, nothing leaves the
// device), so the trainer can ask "Continue as Blue Fox?" next time.
const KEY = "fives-trainer-me";

export default function (component) {
  const { data, setTriggerValue } = component;
  try {
    if (data.forget) {
      window.localStorage.removeItem(KEY);
    } else if (data.save_code) {
      window.localStorage.setItem(KEY, JSON.stringify({ code: data.save_code, nickname: data.save_nickname }));
    } else if (data.read) {
      let value = {};
      try {
        value = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {};
      } catch (err) {
        value = {};
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

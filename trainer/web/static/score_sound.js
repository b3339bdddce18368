// A short sound for a score on Play a hand, made in the browser (WebAudio: no file, nothing fetched).
// The page sends a mark for each fresh score; a mark is sounded once, however often the page redraws.
// The learner's side scoring rings two bright notes; another side's score, one soft lower note.
const NOTES = { mine: [659.25, 987.77], theirs: [523.25] };

export default function (component) {
  const { data, parentElement } = component;
  let note = parentElement.querySelector('.fives-sound');
  if (!note) {
    note = document.createElement('span');
    note.className = 'fives-sound';
    note.hidden = true;
    parentElement.appendChild(note);
  }
  const mark = data.mark || '';
  const heard = window.__fivesScoresHeard || (window.__fivesScoresHeard = new Set(kept()));
  if (!mark || heard.has(mark)) {
    return;
  }
  heard.add(mark);
  keep(heard);
  note.dataset.mark = mark;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) {
    note.dataset.sound = 'none';
    return;
  }
  try {
    const audio = window.__fivesAudio || (window.__fivesAudio = new Context());
    if (audio.state === 'suspended') {
      audio.resume();
    }
    const start = audio.currentTime + 0.02;
    (NOTES[data.kind] || NOTES.theirs).forEach((pitch, i) => {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      const at = start + i * 0.11;
      tone.type = 'triangle';
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, at);
      level.gain.exponentialRampToValueAtTime(data.kind === 'mine' ? 0.25 : 0.12, at + 0.015);
      level.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
      tone.connect(level).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.3);
    });
    note.dataset.sound = 'played';
  } catch (err) {
    note.dataset.sound = 'none'; // no sound here: the score is on the page all the same
  }
}

// The marks already sounded, kept for this tab (a reload shows the same score again, silently).
const KEY = 'fives-scores-heard';

function kept() {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) || '[]');
  } catch (err) {
    return [];
  }
}

function keep(heard) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(Array.from(heard).slice(-30)));
  } catch (err) {
    // no storage here: the sound may come again after a reload, nothing else changes
  }
}

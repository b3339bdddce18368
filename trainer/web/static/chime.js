// A live lesson's chime when a puzzle's time ends: two soft notes made with WebAudio (no sound file).
// Each end of time chimes once on this page, however often the page is drawn again.
export default function (component) {
  const { data } = component;
  if (!data || !data.chime) {
    return;
  }
  const done = window.__fivesChimed || (window.__fivesChimed = new Set());
  if (done.has(data.chime)) {
    return;
  }
  done.add(data.chime);
  window.__fivesChimes = (window.__fivesChimes || 0) + 1;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) {
    return; // no sound here: the ring and the words say it all the same
  }
  try {
    const ctx = new Context();
    const start = ctx.currentTime + 0.05;
    [[659.25, 0], [880.0, 0.22]].forEach(([pitch, after]) => {
      const note = ctx.createOscillator();
      const volume = ctx.createGain();
      note.type = "sine";
      note.frequency.value = pitch;
      volume.gain.setValueAtTime(0.0001, start + after);
      volume.gain.exponentialRampToValueAtTime(0.3, start + after + 0.03);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + after + 1.1);
      note.connect(volume).connect(ctx.destination);
      note.start(start + after);
      note.stop(start + after + 1.2);
    });
    setTimeout(() => ctx.close(), 2000);
  } catch (err) {
    // a browser that will not play yet (no tap on the page so far): the words say it all the same
  }
}

// --- features/watch: Watch the sort: the image sorted by luma pass by pass, as the desktop viewer shows it. ---
import { warmSoon } from '../core/live_sorter.js';
import { state } from '../core/store.js';
import { inputBytes } from './save.js';
import { showNetwork } from './watch_network.js';
import { $, picture } from '../ui/dom.js';
import { bindKeys } from '../ui/keys.js';

export const watch = { passes: 0, pass: 0, playing: false, opened: null, owed: 0, last: 0, most: 1, rate: null };

// A frame of Play runs at most watch.most passes: halved when a frame's passes took longer than
// kFrameMs, doubled when they took under half of it; the passes it could not run are dropped, not
// owed, so the picture keeps reaching the screen at the GPU's pace (a first pass is measured with a
// read-back: tens of ms each on a software GPU) and the status says the rate it plays at.
const kFrameMs = 25;

const canvas = $('watch-canvas');

function watchShow() {
  const t = window.texsort.watch;
  watch.pass = t.seek(watch.pass);
  t.draw({ roles: $('watch-roles').checked, changed: $('watch-changed').checked });  // on the GPU, then copied
  [canvas.width, canvas.height] = [picture.width, picture.height];
  canvas.getContext('2d').drawImage(picture, 0, 0);
  const [title, parameters, plain, explanation] = t.text().split('\n');
  $('watch-title').textContent = title;
  $('watch-parameters').textContent = parameters || '';
  $('watch-plain').textContent = plain || '';
  $('watch-explanation').textContent = explanation || '';
  $('watch-pass').max = watch.passes;
  $('watch-pass').value = watch.pass;
  $('watch-count').value = `pass ${watch.pass} of ${watch.passes}` + (watch.playing && watch.rate ? watch.rate.note : '');
  showPassTime();
  showNetwork(watch.pass);
  const c = t.counters();
  $('watch-counters').textContent = `compare-exchanges ${c.compareExchanges.toLocaleString('en')} · moved ` +
    `${c.moved.toLocaleString('en')} · in order ${c.inOrder.toFixed(1)}% · settled ${c.settled.toFixed(1)}% · ` +
    `mean distance ${c.distance.toFixed(1)}% of N`;
  $('watch-play').textContent = watch.playing ? 'Pause' : 'Play';
}

// The pass's GPU time from the timer query once the browser has it (looked for each frame until
// then); the wall time where there is no timer or the pass was reached by a jump.
function showPassTime() {
  const t = window.texsort.watch, pass = watch.pass;
  const timed = t.gpuTimed(pass), pending = timed === null && t.gpuPending(pass);
  $('watch-time').textContent = pass === 0 ? ''
    : timed !== null ? `this pass: ${timed.toFixed(3)} ms on the GPU (timer query)`
    : pending ? 'this pass: timing on the GPU…'
    : `this pass: ${t.gpuMs().toFixed(2)} ms wall time` + (t.hasGpuTimer() ? ' (reached by a jump: step to time it on the GPU)'
                                                                           : ' (this browser has no GPU timer)');
  if (pending) requestAnimationFrame(() => watch.pass === pass && showPassTime());
}

export function watchOpen() {
  if (!state.source) return;
  let opened;
  watch.playing = false;
  try {
    opened = window.texsort.watch.open(inputBytes(), $('watch-algo').value, $('watch-order').value, state.inputName,
                                       $('watch-small').checked ? 8 : 0);
  } catch (e) {
    $('watch-status').textContent = e.message;
    watch.passes = 0;
    return;
  }
  watch.passes = opened.passes;
  watch.pass = 0;
  watch.opened = state.source;
  $('watch-status').textContent = '';
  watchShow();
  if ($('watch-sound').checked) window.texsort.watch.tone();  // the first tone is the first pass's
  if (opened.scaled) {
    const hasNetwork = window.texsort.watch.network() !== null;
    $('watch-status').textContent = !$('watch-small').checked
      ? 'transposition has a pass for every pixel: watching a copy at most 64 pixels a side'
      : 'watching a copy at most 8 pixels a side: ' + (hasNetwork ? 'its network below'
        : `${$('watch-algo').value}'s passes are not one layer of comparators each (fused steps, or radix's flags, ` +
          'scans and gathers): no network or bars to draw');
  }
}

// A tone for each pass shown, as record --sound pitches it (220 Hz for black to 880 Hz for white,
// by the mean luma of the pixels it moved; louder the more moved), as long as a pass is on screen.
let audio = null;

function sound() {
  if (!$('watch-sound').checked) return;
  const { frequency, amplitude } = window.texsort.watch.tone();
  if (!(amplitude > 0)) return;
  audio = audio || new AudioContext();
  const speed = Number($('watch-speed').value);
  const seconds = Math.min(0.25, watch.playing && speed > 0 ? 1 / speed : 0.25), t = audio.currentTime;
  const oscillator = audio.createOscillator(), gain = audio.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0, t);
  gain.gain.linearRampToValueAtTime(0.25 * amplitude, t + 0.005);
  gain.gain.linearRampToValueAtTime(0, t + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(t);
  oscillator.stop(t + seconds);
  watch.sounded = { frequency, amplitude };
}

export const go = (pass) => {
  watch.pass = Math.max(0, Math.min(watch.passes, pass));
  watchShow();
  sound();
};

function play(now) {
  if (!watch.playing) return;
  const speed = Number($('watch-speed').value);
  if (!(speed >= 0.5 && speed <= 240)) {  // 0, -5, empty: say so instead of a Pause that never moves
    watch.playing = false;
    watchShow();
    $('watch-status').textContent = 'passes per second: give a number from 0.5 to 240';
    return;
  }
  watch.owed += (now - watch.last) / 1000 * speed;
  watch.last = now;
  const due = Math.min(Math.floor(watch.owed), watch.most);
  if (due > 0) {
    watch.owed = Math.min(watch.owed - due, 1);
    const started = performance.now();
    go(watch.pass + due);
    const ms = performance.now() - started;
    watch.most = ms > kFrameMs ? Math.max(1, watch.most >> 1) : ms < kFrameMs / 2 ? Math.min(2 * watch.most, 4096) : watch.most;
    showRate(now, due, speed);
    if (watch.pass === watch.passes) { watch.playing = false; watchShow(); return; }
  }
  requestAnimationFrame(play);
}

// The passes a second Play shows, said once a second while it is under what was asked.
function showRate(now, passes, speed) {
  const r = (watch.rate ??= { since: now, passes: 0, note: '' });
  r.passes += passes;
  if (now - r.since < 1000) return;
  const rate = r.passes / ((now - r.since) / 1000);
  watch.rate = { since: now, passes: 0, note: rate < 0.9 * speed ? ` · playing ${rate.toFixed(0)} a second, the most this GPU shows` : '' };
}

// The controls' listeners, added once at start-up (main.js).
export function wireWatch() {
  // Space plays and pauses; the arrows step; Home and End go to the first and the last pass.
  bindKeys('watch', { ' ': () => $('watch-play').click(), ArrowRight: () => go(watch.pass + 1), ArrowLeft: () => go(watch.pass - 1),
                      Home: () => { watch.playing = false; go(0); }, End: () => { watch.playing = false; go(watch.passes); } });
  $('watch-reset').addEventListener('click', () => { watch.playing = false; go(0); });
  $('watch-back').addEventListener('click', () => go(watch.pass - 1));
  $('watch-step').addEventListener('click', () => go(watch.pass + 1));
  $('watch-end').addEventListener('click', () => { watch.playing = false; go(watch.passes); });
  $('watch-play').addEventListener('click', () => {
    watch.playing = !watch.playing;
    if (watch.playing) $('watch-status').textContent = '';
    const speed = Number($('watch-speed').value), playable = speed >= 0.5 && speed <= 240;  // else play() says so
    if (watch.playing && playable && watch.pass === watch.passes) watch.pass = 0;
    [watch.owed, watch.most, watch.rate] = [0, 1, null];
    watch.last = performance.now();
    watchShow();
    requestAnimationFrame(play);
  });
  $('watch-pass').addEventListener('input', () => go(Number($('watch-pass').value)));
  for (const id of ['watch-algo', 'watch-order', 'watch-small']) $(id).addEventListener('change', watchOpen);
  for (const id of ['watch-roles', 'watch-changed']) $(id).addEventListener('change', () => watch.passes && watchShow());
  $('watch-sound').addEventListener('change', () => {  // the tones start from the state shown now
    if ($('watch-sound').checked && watch.passes) window.texsort.watch.tone();
  });
  for (const radio of document.querySelectorAll('input[name=mode]')) {
    radio.addEventListener('change', () => {
      const watching = radio.value === 'watch' && radio.checked;
      $('watch-mode').hidden = !watching;
      $('pixelsort-mode').hidden = watching;
      if (!watching && state.sorted && !state.running) window.texsort.live.draw($('before').checked);  // Watch drew there
      if (!watching) warmSoon();
      if (watching && watch.opened !== state.source) watchOpen();
      if (watching) $('watch-play').focus();  // its keys work at once (a focused radio keeps the arrows)
    });
  }
  // An algorithm this browser's WebGL2 cannot run (bitonic-wide where a draw writes 4 targets) is
  // shown but not offered, its reason on hover.
  window.texsort.ready.then(() => {
    for (const { name, why } of window.texsort.unavailable) {
      const option = [...$('watch-algo').options].find((o) => o.value === name);
      if (option) Object.assign(option, { disabled: true, title: why });
    }
  }, () => {});
}

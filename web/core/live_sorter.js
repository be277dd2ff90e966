// --- core/live_sorter: the live sort: the newest settings sorted on the GPU a batch of passes a frame, and the idle warm. ---
import { optionArgs } from './options.js';
import { state } from './store.js';
import { clipShown, framesTaken } from '../features/clip.js';
import { showSplit } from '../features/save.js';
import { $, picture, status } from '../ui/dom.js';
import { say, sayNotice, setStale, showCommand, showError, showFiles } from '../ui/status.js';

// The live sort: the newest settings only, a few passes a frame, the picture drawn from the GPU.
// A change while a sort runs restarts it with the new settings; nothing stale is queued.
const kFrameBudgetMs = 12;

export function update() {
  const args = optionArgs(state.animated);
  showCommand(args);
  showFiles();
  state.wanted = args;
  if (!state.opened || state.reading) return;
  state.pending = true;
  if (!state.running) {
    state.running = true;
    status.dataset.state = 'running';
    requestAnimationFrame(sortFrame);
  }
}

// The GPU gets one batch of passes at a time: the next batch, a new sort's first, or the drawing
// only once the last one's fence has signalled, so a drag queues no more than one batch whatever
// the picture's size. Settings that come meanwhile wait for the sort under way to be drawn, and
// only the newest of them is sorted next. The batch doubles while the GPU keeps up within a frame
// and halves when it does not. The sort is done when its picture is drawn: the time said is the
// picture's.
const gpu = { batch: 8, asked: -1, drawing: false, drawnFrame: 0 };

function sortFrame() {
  const live = window.texsort.live;
  if (!live.done()) return requestAnimationFrame(sortFrame);
  const now = performance.now();
  if (gpu.asked >= 0) {  // a batch of passes was on the GPU: did it keep up?
    gpu.batch = now - gpu.asked < 2 * kFrameBudgetMs ? Math.min(gpu.batch * 2, 4096) : Math.max(gpu.batch >> 1, 1);
    gpu.asked = -1;
  }
  if (gpu.drawing) return drawn(live);
  if (state.pending && state.left === 0) {  // a sort under way is finished first (a playing clip asks each frame)
    state.pending = false;
    state.sortArgs = state.wanted;
    state.started = now;
    try {
      state.passes = state.left = live.set(state.sortArgs);
    } catch (e) {
      return settle(e.message);
    }
    setStale(true);
  }
  if (state.left > 0) {
    gpu.asked = performance.now();
    state.left = live.advance(gpu.batch);
    live.fence();
    say(`sorting… pass ${state.passes - state.left} of ${state.passes}`);
    return requestAnimationFrame(sortFrame);
  }
  live.draw($('before').checked);
  if (state.clip) clipShown();
  gpu.drawing = true;
  gpu.drawnFrame = framesTaken;
  live.fence();
  requestAnimationFrame(sortFrame);
}

// The picture drawn is on the screen: the sort is done; newer settings that wait are sorted next.
function drawn(live) {
  gpu.drawing = false;
  if (!state.opened) {  // the picture it sorted was closed meanwhile (a failed open says why): nothing to show
    state.running = false;
    status.dataset.state = 'ready';
    return;
  }
  if (framesTaken !== gpu.drawnFrame) {  // a clip's frame came while the GPU drew: draw it
    live.draw($('before').checked);
    clipShown();
  }
  state.sorted = true;
  picture.classList.remove('none');
  $('frame').classList.remove('loading');
  setStale(false);
  showSplit();
  settle(null, performance.now() - state.started);
  if (!state.pending) return;
  state.running = true;
  status.dataset.state = 'running';
  requestAnimationFrame(sortFrame);
}

function settle(error, ms) {
  state.running = false;
  status.dataset.state = 'ready';
  if (error && !window.texsort.live.hasPicture()) {  // a new picture none of whose sorts can run: none shown, not the last one
    state.sorted = false;
    picture.classList.add('none');
  }
  if (error) showError(error);
  else say(`sorted in ${(ms / 1000).toFixed(2)} s`);
  sayNotice();
  state.settled += 1;
  state.warmLeft = -1;  // until the warm has looked at what this settle left
  warmSoon();
}

// While the page is idle, the programs a first change of key, of the threshold's key or of the
// intervals would compile are compiled ahead (texsort.live.warm sorts a strip of the picture's
// lines, or the picture, with each, one at a time, waiting for the GPU between them), so a change
// waits for one such sort at most.
const kWarmPauseMs = 100;

export function warmSoon() {
  if (!state.warmTimer) state.warmTimer = setTimeout(warmStep, kWarmPauseMs);
}

function warmStep() {
  state.warmTimer = 0;
  const moving = state.clip && (state.clip.camera || state.clip.clip?.playing);
  if (moving || state.savingClip || state.recording) return warmSoon();  // until it pauses or ends
  if (state.running || state.pending || $('pixelsort-mode').hidden) return;  // the settle, or Watch's end, starts it again
  state.warmLeft = window.texsort.live.warm();
  if (state.warmLeft > 0) warmSoon();
}

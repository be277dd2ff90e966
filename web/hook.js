// --- hook: window.texsortPage, the page's one test hook (docs/web.md): what the page is doing, read
// out through views whose fields read the page when they are read, and a few of its actions.
// Scripts and the browser tests use it beside the controls and window.texsort; the page's own
// variables stay its own. ---
import { optionArgs } from './core/options.js';
import { state } from './core/store.js';
import { open } from './features/open.js';
import { recipeText, savedPng } from './features/save.js';
import { go, watch as watched, watchOpen } from './features/watch.js';
import { demux } from './media/demux.js';
import { counters, pixelsOf } from './media/pixels.js';

// What the page is doing, each field read when it is read (status() is one view of the page, not a
// copy; JSON gives its fields as they are then):
//   settled: how many sorts and opens have ended (drawn, or an error said): it only grows
//   sorting: a sort is on the GPU; queued: newer settings wait for it; reading: files being read
//   sorted: the picture shown is sorted under the options shown; stale: it is not (an error)
//   args: the options of the sort shown (the command line's words); input: the picture's file name
//   files: option -> the file it names (mask, field); warmLeft: steps of the idle warm left (-1: not looked)
//   clip: null, or the clip open: {name, camera, shown: frames drawn, index: the frame's, frame:
//     {time, width, height, rgba}, player: its player (media/clip.js: play, pause, seek, count,
//     duration, playing, secondsOf, indexAt, video)}
//   savingClip: Save clip is under way; recording: {frames} while Record is on
export function status() {
  return view;
}
const view = Object.freeze({
  get settled() { return state.settled; },
  get sorting() { return state.running; },
  get queued() { return state.pending; },
  get reading() { return state.reading > 0; },
  get sorted() { return state.sorted; },
  get stale() { return state.stale; },
  get args() { return [...state.sortArgs]; },
  get input() { return state.inputName; },
  get files() { return { ...state.files }; },
  get warmLeft() { return state.warmLeft; },
  get savingClip() { return state.savingClip; },
  get recording() { return state.recording && { frames: state.recording.frames }; },
  get clip() {
    const c = state.clip;
    return c && { name: c.name, camera: c.camera, shown: c.shown, index: c.index, frame: c.frame, player: c.clip };
  },
});

// Resolves once the page has settled more than `after` times and nothing is sorting or queued.
export function whenSettled(after) {
  return new Promise((resolve) => {
    const look = () => (view.settled > after && !view.sorting && !view.queued ? resolve() : requestAnimationFrame(look));
    look();
  });
}

// Watch: the pass shown, the passes in all, whether Play is on, the last tone sounded.
const watch = Object.freeze({
  get pass() { return watched.pass; },
  get passes() { return watched.passes; },
  get playing() { return watched.playing; },
  get sounded() { return watched.sounded; },
});

export const texsortPage = {
  status,
  whenSettled,
  // The last clip Save clip made: {bytes, count, frames (with keepSavedFrames), decodedBy}, or null;
  // forgetSavedClip() sets it back to null before a save.
  savedClip: () => state.savedClip,
  forgetSavedClip: () => { state.savedClip = null; },
  keepSavedFrames: () => { state.keepSavedFrames = true; },  // Save clip keeps the frames it decoded
  recorded: () => state.recorded,  // the last Record's {blob, frames}, or null
  optionArgs, open, savedPng, recipeText, watch, watchOpen, go, counters, pixelsOf, demux,
};

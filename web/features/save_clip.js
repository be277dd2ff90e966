// --- features/save_clip: Record and Save clip. ---
import { firstLine, optionArgs, stemOf } from '../core/options.js';
import { state } from '../core/store.js';
import { showClipPlaying } from './clip.js';
import { keyframes, valuesAt } from './keyframes.js';
import { download } from './save.js';
import { apngOf } from '../media/apng.js';
import { Recorder } from '../media/capture.js';
import { isOpaque, pixelsOf, tgaOf } from '../media/pixels.js';
import { webmEncoder } from '../media/webm.js';
import { $, picture } from '../ui/dom.js';
import { say, showCommand, showError } from '../ui/status.js';

// Record and Stop: what the page shows from now on, as WebM (with the clip's sound), saved at Stop.
export async function record() {
  if (!state.recording) {
    if (!state.clip) return;
    state.recording = new Recorder(picture, state.clip.camera ? null : state.clip.clip.video);
    state.recording.name = '/' + stemOf(state.shownName) + '-recorded.webm';  // the clip's (Save clip's: -sorted)
    $('clip-record').textContent = 'Stop';
    return;
  }
  const recording = state.recording;
  state.recording = null;
  $('clip-record').textContent = 'Record';
  const { blob, frames } = await recording.stop();
  state.recorded = { blob, frames };  // for the tests
  download(new Uint8Array(await blob.arrayBuffer()), blob.type, recording.name);
}

// Save clip: every frame of the clip, stepped through one by one (none skipped however long each
// takes; decoded by WebCodecs where the browser can), sorted by texsort pixelsort as Save PNG sorts
// a picture, and the sorted frames written each for its own time as the format chosen says.
async function saveClip() {
  const c = state.clip;
  if (!c || c.camera) return;
  if (state.savingClip) return say('Save clip is still finishing the clip before; try again in a moment', true);
  const clip = c.clip, shown = c.frame?.time ?? 0;
  if (!clip.measured) return say(`${c.name}: the page could not learn its frame rate, so it cannot step through its frames`, true);
  state.savingClip = true;  // before any wait: a second click is told, never a second save
  $('clip-save').disabled = true;
  let writer = null;
  try {
    writer = await clipWriter($('clip-format').value, clip.width, clip.height, 1 / clip.frameSeconds);
    if (!writer) return say(`${c.name}: this browser cannot encode WebM here; save it as an animated PNG`, true);
    const saved = await saveFrames(c, writer, false);
    if (!saved || state.clip !== c) return;
    const bytes = await writer.finish();
    // frames (keepSavedFrames) and how they were decoded: for the tests
    state.savedClip = { bytes, count: clip.count, frames: saved.frames, decodedBy: clip.decodedBy ?? 'ImageDecoder' };
    download(bytes, writer.type, writer.ending);
    say(`saved ${clip.count} frames as ${writer.what}${saved.alpha ? ', with alpha' : ''}`);
    if (!clip.playing) clip.seek(shown);  // back at the frame shown before (a failed save stays at its frame)
  } catch (e) {
    showError(`${c.name}: ${e.message}`);
  } finally {
    writer?.close();
    clip.walkEnd?.();
    clip.quiet = false;
    state.savingClip = false;
    $('clip-save').disabled = false;
    showClipPlaying();
  }
}

// Save clip's walk: each frame of the clip (from its middle) sorted and handed to the writer for
// its own time. The first frame with alpha starts the walk again with alpha in every frame (an
// animated PNG's frames share one colour type; WebM's alpha stream starts at the first). Resolves to
// {frames, alpha}, or null when the clip closed or texsort refused (said).
async function saveFrames(c, writer, alpha) {
  const clip = c.clip, frames = [];
  for (let k = 0; k < clip.count; k++) {
    if (state.clip !== c) return null;
    say(`saving the clip… frame ${k + 1} of ${clip.count}`);
    const frame = await clip.frameAt(clip.timeOf(k));
    if (!frame) return null;  // the clip was closed meanwhile
    if (!alpha && !isOpaque(frame.rgba)) return saveFrames(c, await writer.restart(), true);
    const at = keyframes.size ? valuesAt(k) : {};
    const r = at.error ? { code: 2, stderr: at.error }
      : await window.texsort.run(['pixelsort', '-', '-o', '-', '-q', ...optionArgs(at)], tgaOf(frame, alpha));
    if (r.code !== 0) return showError(keyframes.size ? `--animate: at frame ${k}: ${firstLine(r.stderr)}` : r.stderr), null;
    await writer.add(r.stdout, clip.secondsOf(k));
    if (state.keepSavedFrames) frames.push(frame);
  }
  return { frames, alpha };
}

// Where Save clip's sorted frames (texsort's PNG files) go: joined into one animated PNG, or their
// pixels encoded as VP9 in WebM by WebCodecs. Null where the browser cannot encode the format.
async function clipWriter(format, width, height, fps) {
  if (format === 'png') {
    const pngs = [], seconds = [];
    return { type: 'image/png', ending: '-sorted.png', what: 'an animated PNG', close() {},
             add: (png, s) => { pngs.push(png); seconds.push(s); },
             restart() { pngs.length = seconds.length = 0; return this; },
             finish: () => apngOf(pngs, seconds) || Promise.reject(new Error('its sorted frames differ in size or colour type')) };
  }
  let encoder = await webmEncoder(width, height, fps), alpha = false;
  return encoder && {
    type: 'video/webm', ending: '-sorted.webm', what: 'WebM', finish: () => encoder.finish(), close: () => encoder?.close(),
    async restart() {  // from the first frame again, with an alpha stream
      encoder.close();
      [encoder, alpha] = [await webmEncoder(width, height, fps, true), true];
      if (!encoder) throw new Error('this browser cannot encode its alpha as WebM; save it as an animated PNG');
      return this;
    },
    async add(png, seconds) {
      const bitmap = await createImageBitmap(new Blob([png]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
      try {
        await encoder.add(alpha ? pixelsOf(bitmap, bitmap.width, bitmap.height) : bitmap, seconds);
      } finally {
        bitmap.close();
      }
    },
  };
}

// The controls' listeners, added once at start-up (main.js).
export function wireSaveClip() {
  $('clip-record').addEventListener('click', record);
  $('clip-save').addEventListener('click', saveClip);
  $('clip-format').addEventListener('change', () => showCommand(optionArgs(state.animated)));  // the command's output follows
  if (typeof VideoEncoder === 'undefined') $('clip-format').querySelector('[value=webm]').remove();  // no WebCodecs
}

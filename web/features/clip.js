// --- features/clip: a clip: a video the browser plays or an animated GIF, each frame it shows
// sorted on the GPU with the live options as its picture would be (texsort.live.frame), the
// picture drawn from the GPU. The frame shown is the picture Save PNG, the split and Watch take;
// the command line shown sorts the clip. ---
import { update } from '../core/live_sorter.js';
import { asOperand, optionArgs } from '../core/options.js';
import { state } from '../core/store.js';
import { animateTo, clearKeys, keyframes } from './keyframes.js';
import { showSplit } from './save.js';
import { record } from './save_clip.js';
import { camera as cameraStream } from '../media/capture.js';
import { Clip } from '../media/clip.js';
import { GifClip } from '../media/gif_clip.js';
import { pixelsOf } from '../media/pixels.js';
import { useMask } from '../ui/brush.js';
import { $, picture } from '../ui/dom.js';
import { bindKeys } from '../ui/keys.js';
import { say, sayNotice, showCommand, showError } from '../ui/status.js';

// A video from `source` (a file, the camera's stream, or a GIF's bytes), named `name` in
// messages; `camera`: a live picture that cannot be stepped or sought.
export async function openClip(source, name, ticket, { camera = false, gif = false } = {}) {
  await window.texsort.ready;
  if (ticket !== state.opening) return;
  name = name.replace(/^.*\//, '');
  const hadKeyframes = closeClip(name);
  const clip = new (gif ? GifClip : Clip)(source, (frame) => clipFrame(clip, frame));
  state.clip = { clip, name, camera, frame: null, shown: 0 };
  const r = await clip.open();
  if (state.clip?.clip !== clip) return;
  if (r.error) return clipFailed(`${name}: ${r.error}`);
  useMask(null);
  Object.assign(state, { inputName: name, shownName: asOperand(name), converted: false, sample: null, sorted: false });
  $('clip-bar').hidden = false;
  for (const id of ['clip-back', 'clip-next', 'clip-seek', 'clip-save', 'key-add']) $(id).disabled = camera;
  $('clip-seek').max = String(camera ? 0 : clip.duration || 0);
  picture.classList.remove('none');
  showCommand(optionArgs());
  const dropped = hadKeyframes ? ' (the keyframes of the clip before are cleared)' : '';
  say((camera ? 'camera: each frame sorted as it comes' : `${name}: ${clip.count} frames, playing`) + dropped);
  sayNotice();
  clip.play().catch(() => showClipPlaying());
}

function clipFailed(message) {
  closeClip();
  state.opened = state.sorted = false;
  picture.classList.add('none');
  showError(message);
  sayNotice();
  state.settled += 1;
}

// The camera as a clip: its frames sorted as they come; Save PNG keeps the frame shown. A camera
// refused is said, and the picture or clip shown stays as it was.
async function openCamera() {
  const ticket = ++state.opening;
  const stream = await cameraStream();
  if (stream.error) {
    if (ticket !== state.opening) return;
    say(`camera: ${stream.error}`, true);
    state.settled += 1;
    return;
  }
  if (ticket !== state.opening) return stream.getTracks().forEach((t) => t.stop());
  return openClip(stream, 'camera.png', ticket, { camera: true });
}

// A frame the clip shows ({source, width, height, time}) in place of the picture: straight from
// the browser's decoder into the sort's source on the GPU, or, where WebGL2 cannot take it so,
// through its pixels. `shown` becomes the frame kept: its pixels (shown.rgba, what Save and Watch
// read as a file) are read back from the module only when asked for, and only while it is the
// frame the sort starts from. Whether the frame is sorted, ready to draw (texsort.live.frame); throws
// what texsort says of a frame it cannot take.
export let framesTaken = 0;

function takeFrame({ source, width, height }, shown, name) {
  const taken = ++framesTaken;
  const ready = window.texsort.live.frameFrom(source, width, height, name);
  if (ready !== null) {
    let rgba = null;
    Object.defineProperty(shown, 'rgba', { get: () => (rgba ??= taken === framesTaken ? window.texsort.live.source()?.rgba : null) });
    return ready;
  }
  const pixels = pixelsOf(source, width, height);
  if (!pixels) throw new Error(`${name}: the browser gave no pixels for this frame`);
  shown.rgba = pixels.rgba;
  return window.texsort.live.frame(pixels, name);
}

function clipFrame(clip, frame) {
  const c = state.clip;
  if (c?.clip !== clip) return;
  const shown = { width: frame.width, height: frame.height, time: frame.time };
  c.frame = shown;
  c.index = c.clip.indexAt(frame.time);
  [state.source, state.input] = [shown, null];  // made a file only when Save or Watch ask (inputBytes)
  const moved = keyframes.size > 0 && c.index !== c.animatedAt && animateTo(c.index);  // a new frame: the keyframes move the options
  let ready;
  try {
    ready = takeFrame(frame, shown, c.name);
  } catch (e) {
    showClipPlaying();
    showError(e.message);
    state.settled += 1;
    return;
  }
  showClipPlaying();
  state.opened = true;
  // Planned again, sorted over the next animation frames; while the picture is stale (an error,
  // perhaps of the file before), sorted again so that the options are tried on this frame.
  if (!ready || moved) return update();
  if (state.running) return;  // the sort under way draws it (it is stale until then)
  if (state.stale) return update();
  window.texsort.live.draw($('before').checked);
  clipShown();
  state.sorted = true;
  showSplit();
  state.settled += 1;
}

export function showClipPlaying() {
  const clip = state.clip?.clip;
  if (!clip) return;
  $('clip-play').textContent = clip.playing ? 'Pause' : 'Play';
  $('clip-seek').value = String(state.clip.frame?.time ?? 0);
  const at = state.clip.frame?.time ?? 0;
  $('clip-time').value = state.clip.camera ? `${at.toFixed(2)} s` : `${at.toFixed(2)} s, frame ${state.clip.clip.indexAt(at)}`;
}

export function clipShown() {  // a frame of the clip drawn: counted, and recorded while Record is on
  state.clip.shown += 1;
  state.recording?.frame();
}

// Whether keyframes went with it.
export function closeClip(openedName = '') {
  if (state.recording) record();
  if (!state.clip) return false;
  if (state.savingClip && !state.notice) {  // the save stops at its next frame (saveFrames): said with the next status
    state.notice = `Save clip of ${state.clip.name} stopped ${openedName ? `when ${openedName} was opened` : 'with its clip'}: nothing saved`;
  }
  const hadKeyframes = keyframes.size > 0;
  clearKeys();
  state.clip.clip.close();
  state.clip = null;
  $('clip-bar').hidden = true;
  return hadKeyframes;
}

// The controls' listeners, added once at start-up (main.js).
export function wireClip() {
  // , and . step a clip (not the camera) a frame.
  const stepBy = (frames) => () => {
    if (!state.clip || state.clip.camera) return false;
    state.clip.clip.step(frames);
  };
  bindKeys('pixelsort', { ',': stepBy(-1), '.': stepBy(1) });
  $('camera').addEventListener('click', openCamera);
  $('clip-play').addEventListener('click', () => {
    const clip = state.clip?.clip;
    if (!clip) return;
    if (clip.playing) clip.pause();
    else clip.play().catch((e) => say(e.message, true));
    showClipPlaying();
  });
  $('clip-back').addEventListener('click', () => state.clip?.clip.step(-1));
  $('clip-next').addEventListener('click', () => state.clip?.clip.step(1));
  $('clip-seek').addEventListener('input', () => {
    state.clip?.clip.pause();
    state.clip?.clip.seek(Number($('clip-seek').value));
  });
}

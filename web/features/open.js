// --- features/open: opening a picture: a file, a drop, a paste, a sample. ---
import { update } from '../core/live_sorter.js';
import { asOperand, samples } from '../core/options.js';
import { state } from '../core/store.js';
import { closeClip, openClip } from './clip.js';
import { linkFor, pictures, pushEntry, settingsQuery, steps } from './history.js';
import { watch, watchOpen } from './watch.js';
import { decodedPicture, isAnimatedGif, isClip } from '../media/pixels.js';
import { brush, maskRecord, showOverlay, useMask } from '../ui/brush.js';
import { $, picture, status } from '../ui/dom.js';
import { takesTyping } from '../ui/keys.js';
import { sayNotice, showError } from '../ui/status.js';

// WebP (RIFF....WEBP) and AVIF/HEIF (....ftypavif, ftypheic, ...): formats browsers read and
// stb_image does not; anything else goes to texsort as it is, which names what it cannot read.
function browserOnlyFormat(b) {
  const text = (from, to) => String.fromCharCode(...b.subarray(from, to));
  return b.length > 12 && ((text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') ||
                           (text(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|mif1)$/.test(text(8, 12))));
}

// A picture opened: decoded and uploaded once (texsort.live.open names the user's file in any
// error), then sorted with the controls' options. One that cannot be read leaves no picture. The
// last one asked for wins, whichever finishes loading first: a caller that waits for the bytes
// (a download, a file) takes its ticket before. Opening is a step of the page's history (Back and
// Undo bring the picture before back) unless `restore`, which shows the picture of the entry.
export async function open(bytes, name, { sample = null, ticket = ++state.opening, restore = false, entry = steps.at,
                                   mask = null } = {}) {
  let input = new Uint8Array(bytes), converted = false;
  if (browserOnlyFormat(input)) {
    const tga = await decodedPicture(bytes);  // exactly as the browser decodes it
    if (tga) [input, converted] = [tga, true];
  }
  await window.texsort.ready;
  if (ticket !== state.opening) return;
  name = name.replace(/^.*\//, '');
  closeClip(name);
  let failed = null;
  try {
    window.texsort.live.open(input, name);
  } catch (e) {
    failed = e;
  }
  state.inputName = name;
  if (failed) {  // no picture now: the sort under way (the last picture's) is dropped, not drawn
    Object.assign(state, { opened: false, sorted: false, sample: null, picture: null, pending: false, left: 0 });
    picture.classList.add('none');
    showError(failed.message);
    sayNotice();
    $('command').textContent = '';
    if (!restore) pushEntry(settingsQuery());  // a step of its own, its link naming no sample: Undo brings the last picture back
    if (!$('watch-mode').hidden) $('watch-status').textContent = status.textContent;
    state.settled += 1;
    return;
  }
  if (restore) useMask(mask);
  else useMask(state.files.mask && state.files.mask !== brush.painted ? maskRecord() : null);  // painted on the last picture
  Object.assign(state, { input, source: input, converted, sample, opened: true, sorted: false,
                         shownName: asOperand(converted ? name.replace(/\.[^.]*$/, '') + '.png' : name) });
  const held = pictures.get(entry);
  state.picture = restore && held?.bytes === bytes ? held : { bytes, name, sample };
  picture.classList.remove('none');
  showOverlay();  // the brush's, now that the picture is open
  if (!restore) {
    pushEntry(settingsQuery());  // a sample's name travels in the link
  } else if (entry === steps.at) {  // the entry shown: its link names its sample
    if (!held) pictures.set(entry, state.picture);
    history.replaceState(history.state, '', linkFor(settingsQuery()));
  }
  if (watch.opened) watch.opened = null;  // Watch opens the new picture when shown
  if (!$('watch-mode').hidden) watchOpen();
  update();
}

export async function openSample(sample, restore = false) {
  const ticket = ++state.opening, entry = steps.at;
  const response = await fetch(sample + '.png');
  return open(await response.arrayBuffer(), sample + '.png', { sample, ticket, restore, entry });
}

async function openFile(file, name = file.name) {
  const ticket = ++state.opening, bytes = await file.arrayBuffer();
  if (isClip(file.type, new Uint8Array(bytes))) return openClip(file, name, ticket);
  if (await isAnimatedGif(new Uint8Array(bytes))) return openClip(new Uint8Array(bytes), name, ticket, { gif: true });
  return open(bytes, name, { ticket });
}

// The controls' listeners, added once at start-up (main.js).
export function wireOpen() {
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';  // the same file chosen again is opened again
    if (file) await openFile(file);
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dropping'); });
  document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.body.classList.remove('dropping'); });
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dropping');
    const file = e.dataTransfer.files[0];
    if (file) await openFile(file);
  });
  for (const sample of samples) $('sample-' + sample).addEventListener('click', () => openSample(sample));
  // An image pasted anywhere but in a text field opens as a dropped one does.
  document.addEventListener('paste', async (e) => {
    const file = [...(e.clipboardData?.files || [])].find((f) => f.type.startsWith('image/'));
    if (!file || takesTyping(document.activeElement)) return;
    e.preventDefault();
    await openFile(file, file.name || 'pasted.png');
  });
}

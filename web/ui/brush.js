// --- ui/brush: the mask brush, the desktop's: drag on the picture to paint where the sort acts
// (white), the right button or Erase to take it back. It paints on the mask in use (a file chosen,
// else black); the painted mask is the --mask file the command line names (NAME-mask.png,
// texsort's PNG; never the name of a file the user chose), and Save mask gives that file. A
// stroke, Fill, Clear and a mask chosen are entries of the page's history: Undo takes them back. ---
import { update } from '../core/live_sorter.js';
import { asOperand, plainName, stemOf } from '../core/options.js';
import { state } from '../core/store.js';
import { pushEntry, settingsQuery } from '../features/history.js';
import { download } from '../features/save.js';
import { $, form, picture } from './dom.js';
import { userFiles } from './form.js';
import { bindKeys } from './keys.js';
import { showError, showFiles } from './status.js';

// painted and chosen: the painted mask's name and the chosen file's (operands); version: the
// mask in use's, new at each change of its pixels.
export const brush = { stroke: null, painted: null, version: 0, versions: 0 };

function brushFile() {
  const stem = stemOf(state.shownName);
  const taken = [...userFiles, state.files.field].filter(Boolean).map(plainName);
  for (let k = 1; ; k++) {
    const name = `${stem}-mask${k > 1 ? '-' + k : ''}.png`;
    if (!taken.includes(name)) return name;
  }
}

function brushPaint(x0, y0, x1, y1, radius, level) {
  const name = brushFile();
  try {
    window.texsort.live.brush('/' + name, x0, y0, x1, y1, radius, level);
  } catch (e) {
    return showError(e.message);
  }
  state.files.mask = brush.painted = asOperand(name);
  brush.version = ++brush.versions;
  $('brush-save').disabled = false;
  overlaySoon();
  update();
  return true;
}

// While the brush is on, the mask in use over the picture, as the desktop's brush shows it: what
// the sort leaves alone tinted red (the module's maskOverlay), redrawn at each change of the mask.
const overlay = $('mask-overlay');

// A drag's strokes redraw it once a frame, not once a pointer event (a large picture's mask is megabytes).
let overlayAsked = false;
function overlaySoon() {
  if (overlayAsked) return;
  overlayAsked = true;
  requestAnimationFrame(() => { overlayAsked = false; showOverlay(); });
}

export function showOverlay() {
  const tint = $('brush').checked && state.opened ? window.texsort.live.brushOverlay() : null;
  overlay.hidden = !tint;
  if (!tint) return;
  [overlay.width, overlay.height] = [tint.width, tint.height];
  overlay.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(tint.rgba.buffer), tint.width, tint.height), 0, 0);
}

// The mask in use as an entry of the history holds it: {operand, painted, version, bytes} (the
// same object while it does not change), or null for none.
let lastMask = null;

export function maskRecord() {
  const operand = state.files.mask;
  if (!operand) return null;
  if (lastMask?.operand !== operand || lastMask.version !== brush.version) {
    lastMask = { operand, painted: operand === brush.painted, version: brush.version,
                 bytes: window.texsort.readFile('/' + plainName(operand)) };
  }
  return lastMask;
}

// A mask made the one in use (null: none): its file written back, the brush starting from it.
export function useMask(held) {
  if (held) {
    window.texsort.writeFile('/' + plainName(held.operand), held.bytes);
    state.files.mask = held.operand;
    if (held.painted) brush.painted = held.operand;
    brush.version = held.version;
    lastMask = held;
  } else {
    delete state.files.mask;
    form.elements.mask.value = '';
  }
  paintOn(held?.operand);
  $('brush-save').disabled = !held?.painted;
  showFiles();
  showOverlay();
}

// The brush's next stroke paints on the mask file `operand` (none: black). One texsort cannot read
// is said by the sort that names it; the brush paints on black then.
function paintOn(operand) {
  try {
    window.texsort.live.brushFrom(operand ? '/' + plainName(operand) : '');
  } catch (e) {
    window.texsort.live.brushFrom('');
  }
}

// A mask file chosen (or none): the brush paints on it from now on.
export function maskChosen(operand) {
  brush.version = ++brush.versions;
  paintOn(operand);
  $('brush-save').disabled = true;
  showOverlay();
}

function brushAt(e) {  // the pointer in picture pixels
  const box = picture.getBoundingClientRect();
  return [(e.clientX - box.left) * picture.width / box.width, (e.clientY - box.top) * picture.height / box.height];
}

function brushStroke(e) {
  if (!brush.stroke) return;
  const [x, y] = brushAt(e), [x0, y0] = brush.stroke.at;
  brushPaint(x0, y0, x, y, Number($('brush-size').value), brush.stroke.level);
  brush.stroke.at = [x, y];
}

const pictureFrame = $('frame');

// The controls' listeners, added once at start-up (main.js).
export function wireBrush() {
  // B, X, [ and ]: the desktop brush's keys.
  const size = $('brush-size'), resize = (to) => { size.value = to(Number(size.value)); size.dispatchEvent(new Event('input')); };
  bindKeys('pixelsort', { b: () => $('brush').click(), x: () => $('brush-erase').click(),
                          '[': () => resize((v) => Math.round(v / 1.25)), ']': () => resize((v) => Math.ceil(v * 1.25)) });
  pictureFrame.addEventListener('pointerdown', (e) => {
    if (!$('brush').checked || !state.opened || (e.button !== 0 && e.button !== 2)) return;
    e.preventDefault();
    pictureFrame.setPointerCapture(e.pointerId);
    brush.stroke = { at: brushAt(e), level: e.button === 2 || $('brush-erase').checked ? 0 : 255 };
    brushStroke(e);
  });
  pictureFrame.addEventListener('pointermove', brushStroke);
  for (const end of ['pointerup', 'pointercancel']) {
    pictureFrame.addEventListener(end, () => {
      if (brush.stroke) pushEntry(settingsQuery());  // a stroke is an entry once it ends
      brush.stroke = null;
    });
  }
  pictureFrame.addEventListener('contextmenu', (e) => $('brush').checked && e.preventDefault());
  $('brush').addEventListener('change', () => {
    pictureFrame.classList.toggle('brushing', $('brush').checked);
    showOverlay();
  });
  $('brush-size').addEventListener('input', () => { $('brush-size-shown').value = $('brush-size').value + ' px'; });
  for (const [id, level] of [['brush-fill', 255], ['brush-clear', 0]]) {
    $(id).addEventListener('click', () => state.opened && brushPaint(0, 0, 0, 0, -1, level) && pushEntry(settingsQuery()));
  }
  $('brush-save').addEventListener('click', () => {
    const name = '/' + plainName(brush.painted);  // the name the command line gives it
    download(window.texsort.readFile(name), 'image/png', name);
  });
}

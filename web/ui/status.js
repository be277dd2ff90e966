// --- ui/status: what the page says: the status line, errors at their controls, the command line shown. ---
import { firstLine, plainName, quoted, specs } from '../core/options.js';
import { state } from '../core/store.js';
import { animatedArgs, keyframes } from '../features/keyframes.js';
import { $, form, picture, status } from './dom.js';

export function say(text, isError) {
  status.textContent = text;
  status.classList.toggle('error', !!isError);
}

// What an open cut short (state.notice: a Save clip stopped) said after the status, once.
export function sayNotice() {
  if (state.notice) status.textContent += ` · ${state.notice}`;
  state.notice = '';
}

export function showError(message) {
  const line = firstLine(message).split('standard input').join(state.inputName);
  say(line, true);
  // The control the message names: by its option, or by the file it chose (a mask of the wrong size).
  const named = /--([a-z-]+)/.exec(line);
  const byFile = Object.keys(state.files).find((o) => line.startsWith(state.files[o] + ':'));
  for (const label of form.querySelectorAll('label')) {
    const bad = label.dataset.option === (byFile || (named && named[1]));
    label.classList.toggle('invalid', bad);
    label.querySelector('input, select')?.setAttribute('aria-invalid', String(bad));
    if (label.querySelector('.why')) label.querySelector('.why').textContent = bad ? line : '';  // said beside it too
    if (bad && label.closest('details')) label.closest('details').open = true;  // a folded control in the wrong is shown
  }
  setStale(true);
}

export function setStale(stale) {
  state.stale = stale;
  picture.classList.toggle('stale', stale);
  $('save').disabled = $('save-recipe').disabled = stale || !state.sorted;
  if (stale) return;
  for (const label of form.querySelectorAll('label.invalid')) {  // what was wrong is said no more, to the eye or a reader
    label.classList.remove('invalid');
    label.querySelector('input, select')?.setAttribute('aria-invalid', 'false');
    label.querySelector('.why').textContent = '';
  }
}

export function showCommand(args) {
  if (state.clip && keyframes.size) args = animatedArgs();
  const note = state.converted ? ` (the page read ${state.inputName} as this PNG)`
    : state.clip && !state.clip.camera ? ' (texsort decodes the clip as this browser does, its colours within a level or two: docs/web.md)'
    : '';
  $('command').textContent = ['texsort', 'pixelsort', state.shownName, '-o', commandOutput(), ...args].map(quoted).join(' ');
  $('command-note').textContent = note;
}

// The output the command line names: a picture; for a clip, what Save clip makes as the CLI makes
// it: WebM (which holds no odd side) or, for the lossless choice, FFV1 in Matroska (exact pixels).
function commandOutput() {
  const c = state.clip;
  if (!c || c.camera) return 'sorted.png';
  const odd = c.clip.width % 2 === 1 || c.clip.height % 2 === 1;
  return $('clip-format').value === 'webm' && !odd ? 'sorted.webm' : 'sorted.mkv';
}

// Beside each file option, the file in use (a file input cannot show one Undo brought back, nor
// the mask painted): the input keeps its choice only while that file is the one in use.
export function showFiles() {
  for (const spec of specs.filter((x) => x.kind === 'file')) {
    const control = form.elements[spec.name], used = state.files[spec.name] ? plainName(state.files[spec.name]) : '';
    if (control.files[0] && control.files[0].name !== used) control.value = '';
    control.parentElement.querySelector('output').value = used && `in use: ${used}`;
  }
}

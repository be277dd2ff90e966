// --- features/history: the settings as a link, and their history: Back and Forward, Undo and Redo
// walk it. ---
import { update } from '../core/live_sorter.js';
import { baseValues, fitted, optionArgs, options, samples, specs } from '../core/options.js';
import { state } from '../core/store.js';
import { open, openSample } from './open.js';
import { maskRecord, useMask } from '../ui/brush.js';
import { $, form } from '../ui/dom.js';
import { bindKeys } from '../ui/keys.js';
import { showCommand } from '../ui/status.js';

// The controls set to a preset's last sort, from the defaults (--direction is the angle it names).
export function loadPreset(name) {
  if (name === 'none') return;
  applySettings('?' + new URLSearchParams({ preset: name }));
}

// Options that differ from the defaults (a file the user chose cannot travel in a link) and the
// sample shown, as a query; a change is an entry once made (a slider let go, a list chosen).
export function settingsQuery() {
  const o = options(), params = new URLSearchParams(), base = baseValues(o.preset);
  if (state.sample) params.set('image', state.sample);
  for (const spec of specs) {
    if (spec.kind !== 'file' && String(o[spec.name]) !== base[spec.name]) params.set(spec.name, o[spec.name]);
  }
  const query = params.toString();
  return query ? '?' + query : '';
}

export const linkFor = (query) => query || location.pathname;

export function applySettings(query) {
  const params = new URLSearchParams(query), unfit = [], base = baseValues(params.get('preset'));
  for (const spec of specs) {
    const control = form.elements[spec.name];
    if (spec.kind === 'file') continue;
    const value = params.has(spec.name) ? params.get(spec.name) : base[spec.name];
    if (spec.kind === 'checkbox') control.checked = value === 'on';
    else control.value = fitted(spec, value);
    if (spec.kind === 'range') control.parentElement.querySelector('output').value = control.value;
    const taken = spec.kind === 'checkbox' ? (control.checked ? 'on' : '') : control.value;
    const same = ['range', 'number'].includes(spec.kind) ? value.trim() !== '' && Number(taken) === Number(value) : taken === value;
    if (!same) unfit.push(`${spec.name}=${value} (the page uses ${taken || 'none'})`);
    if (spec.group === 'more' && String(taken) !== String(spec.value)) control.closest('details').open = true;  // set: shown
  }
  return unfit;
}

// The entry shown and the newest one after it, kept for this tab across a reload (Redo still
// reaches the entries after the one reloaded); a page opened afresh has none after it.
const kNewest = 'texsort.newest';

const newestKept = (step) => {  // a browser that keeps nothing for the page: Redo as far as this page knows
  try {
    if (step === undefined) return Number(sessionStorage.getItem(kNewest)) || 0;
    sessionStorage.setItem(kNewest, String(step));
  } catch (e) {
    return 0;
  }
};

export const steps = { at: history.state?.step ?? 0, newest: history.state?.step ?? 0 };

if (history.state) steps.newest = Math.max(steps.at, newestKept());

function showSteps() {
  $('undo').disabled = steps.at === 0;
  $('redo').disabled = steps.at >= steps.newest;
}

// Steps a key makes on one control (an arrow held or pressed on a slider) are one entry: a change
// from the keyboard on the control the newest entry came from, within a second, replaces it.
const keyed = { control: null, at: -Infinity, step: -1, down: -Infinity };

export function commit(e) {
  const query = settingsQuery();
  if (query === location.search) return;
  const control = e?.target ?? null, now = performance.now(), byKey = now - keyed.down < 500;
  if (byKey && control && control === keyed.control && steps.at === keyed.step && steps.at > 0 && now - keyed.at < 1000) {
    entryFiles.set(steps.at, { files: { ...state.files }, mask: maskRecord() });
    history.replaceState({ step: steps.at }, '', linkFor(query));
  } else {
    pushEntry(query);
  }
  Object.assign(keyed, { control: byKey ? control : null, at: now, step: steps.at });
}

// A new entry after the one shown (the newer ones dropped), holding the picture shown now.
export const pictures = new Map();  // step -> {bytes, name, sample}: each entry's picture, in memory

const entryFiles = new Map();  // step -> {files: the files the options name, mask: the mask in use (maskRecord)}, in memory

export function pushEntry(query) {
  steps.at += 1;
  steps.newest = steps.at;
  newestKept(steps.newest);
  pictures.set(steps.at, state.picture);
  entryFiles.set(steps.at, { files: { ...state.files }, mask: maskRecord() });
  history.pushState({ step: steps.at }, '', linkFor(query));
  showSteps();
}

// Undo and Redo move one entry at a time: a click while the browser is still moving is added to
// the walk, so a double click or a held key never walks off the page's entries.
const walk = { moving: false, owed: 0 };

function stepBy(by) {
  const to = steps.at + by;
  if (to < 0 || to > steps.newest) return;
  steps.at = to;
  showSteps();
  if (walk.moving) walk.owed += by;
  else travel(by);
}

function travel(by) {
  walk.moving = true;
  walk.owed = 0;
  history.go(by);
}

// The controls' listeners, added once at start-up (main.js).
export function wireHistory() {
  // Ctrl+Z: Undo; Ctrl+Y and Ctrl+Shift+Z: Redo.
  bindKeys('pixelsort', { z: (e) => (e.shiftKey ? $('redo') : $('undo')).click(), y: () => $('redo').click() }, { ctrl: true });
  form.addEventListener('keydown', () => { keyed.down = performance.now(); });
  // An entry brings back its settings, its picture and its mask: the ones it held in this page's
  // memory, else (after a reload) the sample its link names.
  window.addEventListener('popstate', (e) => {
    walk.moving = false;
    if (walk.owed) return travel(walk.owed);
    steps.at = e.state?.step ?? 0;
    applySettings(location.search);
    showSteps();
    const held = pictures.get(steps.at), sample = new URLSearchParams(location.search).get('image');
    const entry = entryFiles.get(steps.at), mask = entry?.mask ?? null;
    if (entry) state.files = { ...entry.files };  // the mask's file is useMask's to write back
    if (held && held !== state.picture) {
      showCommand(optionArgs());
      open(held.bytes, held.name, { sample: held.sample, restore: true, mask });
    } else if (!held && samples.includes(sample) && sample !== state.sample) {
      showCommand(optionArgs());
      openSample(sample, true);
    } else {
      state.opening++;  // a picture still loading for another entry is not this one's
      useMask(mask);
      update();
    }
  });
  form.addEventListener('change', commit);
  $('undo').addEventListener('click', () => stepBy(-1));
  $('redo').addEventListener('click', () => stepBy(1));
  $('reset').addEventListener('click', () => {
    const hadFiles = Object.keys(state.files).length > 0;
    applySettings('');
    for (const spec of specs.filter((x) => x.kind === 'file')) form.elements[spec.name].value = '';
    state.files = {};
    useMask(null);
    if (hadFiles || settingsQuery() !== location.search) pushEntry(settingsQuery());  // Undo brings the mask back too
    update();
  });
}

// What a link asks that the page cannot give, each said as what the page does instead (its settings
// already applied by applySettings), and the sample it names.
export function linkAsked(unfit) {
  const params = new URLSearchParams(location.search), linked = params.get('image'), seen = new Set();
  if (linked !== null && !samples.includes(linked)) unfit.push(`image=${linked} (no such sample: ${samples[0]})`);
  for (const [name, value] of params) {
    const spec = specs.find((x) => x.name === name);
    if (seen.has(name)) unfit.push(`${name}=${value} (given again: the page uses the first)`);
    else if (spec?.kind === 'file') unfit.push(`${name}=${value} (a file cannot travel in a link)`);
    else if (!spec && name !== 'image') unfit.push(`${name}=${value} (no such option)`);
    seen.add(name);
  }
  return { unfit, sample: samples.includes(linked) ? linked : samples[0] };
}

// The entry the page opened on: after a reload, the one it was; a page opened afresh has none after it.
export function startHistory() {
  if (!history.state) newestKept(0);
  entryFiles.set(steps.at, { files: {}, mask: null });  // no file chosen yet
  history.replaceState({ step: steps.at }, '');
  showSteps();
}

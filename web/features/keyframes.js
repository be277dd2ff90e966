// --- features/keyframes: keyframes (--animate): an option's value at frames of the clip. ---
import { update } from '../core/live_sorter.js';
import { optionArgs, specs } from '../core/options.js';
import { state } from '../core/store.js';
import { $, form } from '../ui/dom.js';
import { showError } from '../ui/status.js';

// Keyframes (--animate): an option's value at a frame of the clip, as many as wanted; between
// them the option moves as the CLI moves it (texsort.live.animated: the CLI's own code), the
// picture following while the clip plays, and the command line shown says --animate.
export const keyframes = new Map();  // option -> Map(frame -> value)

const clipTiming = () => ({ count: state.clip.clip.count, fps: 1 / state.clip.clip.frameSeconds });

const animateSpec = (name) => `${name}=` + [...keyframes.get(name)].sort((a, b) => a[0] - b[0]).map(([f, v]) => `${f}:${v}`).join(',');

// The keyed options' values at frame k ({option: value}), or {error}.
export function valuesAt(k) {
  const { count, fps } = clipTiming(), values = {};
  for (const name of keyframes.keys()) {
    try {
      values[name] = String(window.texsort.animated(animateSpec(name), k, count, fps));
    } catch (e) {
      return { error: e.message };
    }
  }
  return values;
}

// The options at frame k in force (state.animated, the controls showing them); whether they moved.
export function animateTo(k) {
  const values = valuesAt(k);
  if (values.error) {
    showError(values.error);
    return false;
  }
  const moved = JSON.stringify(values) !== JSON.stringify(state.animated);
  state.animated = values;
  state.clip.animatedAt = k;
  for (const [name, value] of Object.entries(values)) {
    form.elements[name].value = value;
    const shown = form.elements[name].parentElement.querySelector('output');
    if (form.elements[name].type === 'range') shown.value = value;
  }
  return moved;
}

// The command line for the clip: the keyed options as --animate, the rest as the controls say.
export function animatedArgs() {
  const defaults = Object.fromEntries([...keyframes.keys()].map((name) => [name, String(specs.find((x) => x.name === name).value)]));
  return [...optionArgs(defaults), ...[...keyframes.keys()].flatMap((name) => ['--animate', animateSpec(name)])];
}

function showKeys() {
  $('key-list').textContent = [...keyframes.keys()].map((name) => '--animate ' + animateSpec(name)).join(' ') || 'no keyframes';
}

export function clearKeys() {
  keyframes.clear();
  state.animated = {};
  showKeys();
}

// The controls' listeners, added once at start-up (main.js).
export function wireKeyframes() {
  for (const name of ['lower', 'upper', 'angle', 'mix', 'span-length', 'max-span', 'skip', 'seed']) {
    $('key-option').add(new Option(name, name));
  }
  $('key-add').addEventListener('click', () => {
    const c = state.clip;
    if (!c || c.camera || c.index === undefined) return;
    const name = $('key-option').value;
    if (!keyframes.has(name)) keyframes.set(name, new Map());
    keyframes.get(name).set(c.index, Number(form.elements[name].value));
    showKeys();
    animateTo(c.index);
    update();
  });
  $('key-clear').addEventListener('click', () => {
    clearKeys();
    update();
  });
}

// --- core/options: the options: the controls' specs, their values, and the command line's words for them. ---
import { state } from './store.js';
import { $, form } from '../ui/dom.js';
import { showError } from '../ui/status.js';

const intervalsWith = (...kinds) => (o) => kinds.includes(o.intervals);

// A preset loads into the controls: its last sort's options set them (editable from there) and
// its earlier sorts, if any, run first (--then); 'none' drops those. Each control sits under its
// group's heading (groups); the rarely used ones are folded under 'more'.
export const groups = [['start', ''], ['lines', 'Lines and path'], ['spans', 'Spans: what is sorted'],
                       ['key', 'Key and order'], ['output', 'Output'], ['more', 'More options']];

// How the page shows each option of the module's table (texsort.options: its kind, choices, range,
// default and help are the command line's): its group, its label, a slider's reach where the
// command line's range is wider than a slider can be moved through, and when it applies. The
// table's options left out: `direction`, which `angle` covers.
const controls = [
  { name: 'preset', group: 'start', label: 'start from preset' },
  { name: 'path', group: 'lines' },
  { name: 'angle', group: 'lines', label: 'angle (°)', reach: [-180, 180], turns: true, step: 0.5, when: (o) => o.path === 'lines' },
  { name: 'center', group: 'lines', label: 'centre X,Y', placeholder: 'the middle',
    when: (o) => ['circles', 'spiral', 'radial'].includes(o.path) },
  { name: 'field', group: 'lines', label: 'direction field (its hues)', when: (o) => o.path === 'flow' },
  { name: 'intervals', group: 'spans' },
  { name: 'lower', group: 'spans', step: 0.01, when: intervalsWith('threshold', 'edges') },
  { name: 'upper', group: 'spans', step: 0.01, when: intervalsWith('threshold') },
  { name: 'select', group: 'spans', label: 'bounds the key', when: intervalsWith('threshold') },
  { name: 'invert', group: 'spans', label: 'spans outside the bounds', when: intervalsWith('threshold') },
  { name: 'mask', group: 'spans', label: 'mask (white is sorted)' },
  { name: 'span-length', group: 'spans', label: 'span length', reach: [1, 512], when: intervalsWith('random', 'waves') },
  { name: 'max-span', group: 'more', label: 'max span', reach: [0, 1024] },
  { name: 'skip', group: 'more', label: 'skip %' },
  { name: 'seed', group: 'spans', control: 'number',
    when: (o) => ['random', 'waves'].includes(o.intervals) || Number(o.skip) > 0 || o.key === 'shuffle' },
  { name: 'key', group: 'key' },
  { name: 'order', group: 'key' },
  { name: 'mix', group: 'output', label: 'mix with the original', step: 0.01 },
  // No compute in WebGL2, nor what this browser's context cannot run (bitonic-wide where a draw writes 4 targets).
  { name: 'algo', group: 'more', label: 'line sort',
    only: (choice) => !choice.startsWith('compute-') && !window.texsort.unavailable.some((u) => u.name === choice) },
];
export const tableOptionsLeftOut = ['direction'];

const controlOf = { choice: 'select', flag: 'checkbox', file: 'file', text: 'text', real: 'range', integer: 'range' };

// The controls' specs ({name, group, label, kind: the control, value: its default, choices, min,
// max, step, help, when}), made once the module is up from its option table and presets.
export const specs = [];
export function makeSpecs(table, presets) {
  specs.length = 0;
  for (const shown of controls) {
    if (shown.name === 'preset') {
      specs.push({ ...shown, kind: 'select', value: 'none', choices: ['none', ...presets.map((p) => p.name)],
                   help: presets.map((p) => `${p.name}: ${p.summary}`).join('\n') });
      continue;
    }
    const row = table.find((r) => r.name === shown.name);
    if (!row) throw new Error(`the module's option table has no --${shown.name}`);
    const [min, max] = shown.reach || [row.min, row.max];
    specs.push({ ...shown, kind: shown.control || controlOf[row.kind], value: row.initial, help: row.help,
                 choices: row.choices.filter(shown.only || (() => true)), min, max, step: shown.step || (row.kind === 'integer' ? 1 : undefined) });
  }
}

export const samples = ['astronaut', 'coffee'];  // pictures the site serves as NAME.png, each with its button

// The controls' values, with `overrides` (option -> value) in place of theirs.
export function options(overrides = {}) {
  const o = {};
  for (const spec of specs) {
    const control = form.elements[spec.name];
    o[spec.name] = spec.name in overrides ? overrides[spec.name]
                   : spec.kind === 'checkbox' ? (control.checked ? 'on' : '')
                   : spec.kind === 'number' && control.value.trim() === '' ? String(spec.value)  // emptied: its default
                   : spec.kind === 'file' ? (state.files[spec.name] || '') : control.value;
  }
  return o;
}

// The command line for the controls: the preset's earlier sorts, each followed by --then, and
// the controls' options that differ from the defaults and apply (the key's default said out loud
// when none does after a --then, which needs an option).
export function optionArgs(overrides = {}) {
  const o = options(overrides), args = [];
  for (const spec of specs) {
    const applies = !spec.when || spec.when(o);
    form.querySelector(`[data-option="${spec.name}"]`).hidden = !applies;
    if (spec.name === 'preset' || !applies || String(o[spec.name]) === String(spec.value)) continue;
    args.push('--' + spec.name);
    if (spec.kind !== 'checkbox') args.push(String(o[spec.name]));
  }
  const earlier = presetSorts(o.preset).slice(0, -1);
  if (earlier.length && !args.length) args.push('--key', specs.find((x) => x.name === 'key').value);
  return [...earlier.flatMap((words) => [...words, '--then']), ...args];
}

// A shipped preset's sorts, each its words ([] for none, or before the module is up).
function presetSorts(name) {
  if (name === 'none' || !window.texsort.presetRecipe) return [];
  try {
    return window.texsort.presetRecipe(name).split('\n').filter(Boolean).map((line) => line.split(/\s+/).filter(Boolean));
  } catch (e) {
    return [];
  }
}

// Each control's value before a link's or the user's changes: its default, or, under a preset,
// what the preset's last sort sets (so a link names the preset and what differs from it, and
// ?preset=melt&lower=0.5 is melt with its lower bound moved). Before the module is up, the defaults.
export function baseValues(preset) {
  const base = Object.fromEntries(specs.map((spec) => [spec.name, String(spec.value)]));
  if (!preset || preset === 'none' || !specs[0].choices.includes(preset)) return base;
  const words = presetSorts(preset).at(-1) || [];
  for (let i = 0; i < words.length; i++) {
    const option = words[i].replace(/^--/, ''), spec = specs.find((x) => x.name === option);
    if (option === 'direction') base.angle = words[++i] === 'vertical' ? '-90' : '0';
    else if (spec?.kind === 'checkbox') base[option] = 'on';
    else if (spec) base[option] = words[++i];
    else showError(`preset ${preset}: the page has no control for ${words[i]}`);
  }
  return base;
}

// A file name as texsort reads it: one starting with - (or - itself) as ./NAME.
export const asOperand = (name) => (name.startsWith('-') ? './' + name : name);

// A word as a POSIX shell reads it back: plain, or in single quotes.
export const quoted = (word) => (/^[A-Za-z0-9_.,:=+\/@%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

// An error names the user's file, not the stream the page fed texsort; it marks the control whose
// option it names, and the picture is stale until the options are good again.
export const firstLine = (message) => message.split('\n')[0].replace(/^texsort: error: /, '');  // texsort's message, as said

export const plainName = (operand) => operand.replace(/^\.\//, '');
// A file name without a leading ./ and its extension: what the page's downloads are named after.
export const stemOf = (operand) => plainName(operand).replace(/\.[^.]*$/, '');

// The controls as a query says (what it leaves out at its default); the values they could not
// take as given, each said as what the page used instead.
// The value a control takes for `value`: a list's own, a number held to its bounds (whole for a
// number field), the default for what is neither.
export function fitted(spec, value) {
  if (spec.kind === 'select') return spec.choices.includes(value) ? value : spec.value;
  if (spec.kind !== 'range' && spec.kind !== 'number') return value;
  const n = spec.kind === 'number' ? Math.round(Number(value)) : Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return String(spec.value);
  if (spec.turns) return String(((n % 360) + 540) % 360 - 180);  // an angle: the same lines within one turn (720 is 0)
  return String(Math.min(spec.max, Math.max(spec.min, n)));
}

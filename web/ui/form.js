// --- ui/form: the options form: a control for each spec, and the files the options name. ---
import { update } from '../core/live_sorter.js';
import { asOperand, groups, specs } from '../core/options.js';
import { state } from '../core/store.js';
import { loadPreset, pushEntry, settingsQuery } from '../features/history.js';
import { maskChosen } from './brush.js';
import { $, form } from './dom.js';
import { say } from './status.js';

// A file of the user's written into texsort's files under its own name, never painted over
// (userFiles); false when the name is a folder's there (tmp, dev, ...).
export const userFiles = new Set();

function holdFile(name, bytes) {
  try {
    window.texsort.writeFile('/' + name, bytes);
  } catch (e) {
    return false;
  }
  userFiles.add(name);
  return true;
}

// Each group's box in the form: a heading and its controls; the last group folded.
function groupBoxes() {
  const boxes = {};
  for (const [name, heading] of groups) {
    const box = document.createElement(name === 'more' ? 'details' : heading ? 'fieldset' : 'div');
    box.id = 'group-' + name;
    if (heading) {
      const title = document.createElement(name === 'more' ? 'summary' : 'legend');
      title.textContent = heading;
      box.append(title);
    }
    form.append(box);
    boxes[name] = box;
  }
  return boxes;
}

// The controls, made from the module's option table once it is up, with their listeners (main.js).
export function buildForm() {
  const boxes = groupBoxes();
  for (const spec of specs) {
    const label = document.createElement('label');
    label.dataset.option = spec.name;
    label.append(spec.label || spec.name);
    if (spec.help) label.title = spec.help;  // the command line's help for the option
    let control;
    if (spec.kind === 'select') {
      control = document.createElement('select');
      for (const choice of spec.choices) control.add(new Option(choice, choice));
    } else if (spec.kind === 'file') {
      // A picture the options name (--mask, --field): written into texsort's files under its own
      // name, so the command line shown names it as the user's file. No file chosen: none.
      control = document.createElement('input');
      control.type = 'file';
      control.accept = 'image/*';
    } else {
      control = document.createElement('input');
      control.type = spec.kind;
      if (spec.kind === 'range' || spec.kind === 'number') Object.assign(control, { min: spec.min, max: spec.max });
      if (spec.step) control.step = spec.step;
      if (spec.placeholder) control.placeholder = spec.placeholder;
    }
    control.name = spec.name;
    control.id = 'option-' + spec.name;
    if (spec.kind !== 'checkbox' && spec.kind !== 'file') control.value = spec.value;
    const shown = document.createElement('output');
    shown.value = spec.kind === 'range' ? spec.value : '';
    const why = document.createElement('small');  // what is wrong with its value (showError), shown while it is
    why.className = 'why';
    why.id = 'why-' + spec.name;
    control.setAttribute('aria-describedby', why.id);
    label.append(control, shown, why);
    if (spec.kind === 'file') label.classList.add('file');
    boxes[spec.group].append(label);
    if (spec.kind === 'file') {
      // state.reading counts the files being read: the page is settled once none is and the sort
      // that names them has run (its tests wait for that, never for time to pass).
      control.addEventListener('change', async () => {
        const file = control.files[0];
        state.reading++;
        try {
          if (file) {
            // Under its own name (the command line and the messages name the user's file); one
            // that starts with - is given as ./NAME, never read as an option.
            const bytes = await file.arrayBuffer();
            await window.texsort.ready;
            if (!holdFile(file.name, bytes)) {
              control.value = '';
              return say(`${file.name}: the page keeps its files by name and this one is a folder's there; rename the file`, true);
            }
            state.files[spec.name] = asOperand(file.name);
          } else {
            delete state.files[spec.name];
          }
          if (spec.name === 'mask') maskChosen(state.files.mask);
          pushEntry(settingsQuery());  // a file chosen is a step Undo takes back
        } finally {
          state.reading--;
        }
        update();
      });
      continue;
    }
    control.addEventListener(spec.kind === 'text' ? 'change' : 'input', () => {  // a centre once typed out
      if (spec.name === 'preset') loadPreset(control.value);
      delete state.animated[spec.name];  // a keyed option moved by hand: shown as moved until the next frame
      shown.value = spec.kind === 'range' ? control.value : '';
      update();
    });
  }
}

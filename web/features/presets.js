// --- features/presets: My presets: option sets kept in this browser under a name. ---
import { update } from '../core/live_sorter.js';
import { options } from '../core/options.js';
import { state } from '../core/store.js';
import { applySettings, commit, settingsQuery } from './history.js';
import { $ } from '../ui/dom.js';
import { say } from '../ui/status.js';

// The user's own presets: option sets kept in this browser under a name, loaded into the
// controls (and so editable) when chosen.
const kKept = 'texsort.presets';

const keptPresets = () => {
  try {
    const mine = JSON.parse(localStorage.getItem(kKept) || '{}');
    return mine && typeof mine === 'object' && !Array.isArray(mine) ? mine : {};
  } catch (e) {
    return {};
  }
};

function listKept(chosen = '') {
  const list = $('my-presets'), mine = keptPresets(), names = Object.keys(mine).sort();
  list.replaceChildren(new Option(names.length ? 'choose one…' : '(none kept)', ''), ...names.map((n) => new Option(n, n)));
  list.value = names.includes(chosen) ? chosen : '';
  $('forget').disabled = !list.value;
}

// The controls' listeners, added once at start-up (main.js).
export function wirePresets() {
  $('keep').addEventListener('click', () => {
    const name = $('preset-name').value.trim();
    if (!name) return say('give the preset a name first', true);
    const mine = keptPresets();
    mine[name] = settingsQuery().replace(/^\?/, '').replace(/(^|&)image=[^&]*/, '').replace(/^&/, '');
    try {
      localStorage.setItem(kKept, JSON.stringify(mine));
    } catch (e) {
      return say(`this browser keeps no presets for the page (${e.message})`, true);
    }
    $('preset-name').value = '';
    listKept(name);
    say(`kept the options as "${name}"` + (Object.keys(state.files).length ? ' (without their files)' : ''));
  });
  $('my-presets').addEventListener('change', () => {
    const name = $('my-presets').value;
    $('forget').disabled = !name;
    if (!name) return;
    applySettings(keptPresets()[name] || '');
    commit();
    update();
  });
  $('forget').addEventListener('click', () => {
    const mine = keptPresets();
    delete mine[$('my-presets').value];
    localStorage.setItem(kKept, JSON.stringify(mine));
    listKept();
  });
  listKept();
}

// --- ui/keys: the page's keys, routed by one rule: a key goes to the page only when the control
// with focus would not use it itself. Each part of the page binds its keys for its mode (the pixel
// sort's or Watch's); the router picks the binding for the mode shown. ---
import { $ } from './dom.js';

const bindings = [];  // {mode, key, ctrl, action}; action(e) returns false when it takes no key

// `table`: key (lower case for letters, else KeyboardEvent.key) -> action, in `mode`; with
// `ctrl`, the key with Ctrl (or Cmd) held, else the key without.
export function bindKeys(mode, table, { ctrl = false } = {}) {
  for (const [key, action] of Object.entries(table)) bindings.push({ mode, key, ctrl, action });
}

// Whether the element takes typing: every key pressed there is its own (its own Undo included).
export const takesTyping = (el) => !!el?.matches('input[type=text], input[type=number], input[type=search], textarea');

const kArrows = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
// Whether the focused control uses the key itself: a field every key, a list every key without
// Ctrl, a slider its arrows and ends, a radio its arrows, a button, box or link its Space and Enter.
function ownsKey(focused, e) {
  if (!focused || focused === document.body) return false;
  if (takesTyping(focused)) return true;
  if (focused.matches('select')) return !(e.ctrlKey || e.metaKey);
  if (focused.matches('input[type=range]')) return [...kArrows, 'Home', 'End', 'PageUp', 'PageDown'].includes(e.key);
  if (focused.matches('input[type=radio]') && kArrows.includes(e.key)) return true;
  return focused.matches('button, a, input, summary') && (e.key === ' ' || e.key === 'Enter');
}

function route(e) {
  if (e.altKey) return;
  const mode = $('watch-mode').hidden ? 'pixelsort' : 'watch', ctrl = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const bound = bindings.find((b) => b.mode === mode && b.key === key && b.ctrl === ctrl);
  if (!bound || ownsKey(document.activeElement, e) || bound.action(e) === false) return;
  e.preventDefault();
}

export function wireKeys() {
  document.addEventListener('keydown', route);
  bindKeys('pixelsort', { '?': () => { $('help').open = !$('help').open; } });  // the panel that lists these keys
}

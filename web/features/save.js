// --- features/save: the picture as files: Save PNG, the recipe, the split, the command line copied. ---
import { specs, stemOf } from '../core/options.js';
import { state } from '../core/store.js';
import { tgaOf } from '../media/pixels.js';
import { $, picture } from '../ui/dom.js';
import { say, showError } from '../ui/status.js';

// The picture shown as a file texsort reads: the bytes opened, or the clip's frame as a TGA.
export function inputBytes() {
  if (!state.input && state.clip?.frame) state.input = tgaOf(state.clip.frame);
  return state.input;
}

// The PNG texsort pixelsort writes for the picture and the options shown: Save's bytes.
export async function savedPng() {
  const r = await window.texsort.run(['pixelsort', '-', '-o', '-', '-q', ...state.sortArgs], inputBytes());
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout;
}

// Before and after: the picture as opened over the sorted one, left of the slider's place (a copy
// made once per picture, when the slider first moves).
const original = $('original');

let originalOf = null;

export function showSplit() {
  const split = Number($('split').value);
  original.hidden = split === 0 || !state.sorted;
  if (original.hidden || state.running) return;
  if (originalOf !== state.source) {
    window.texsort.live.draw(true);
    [original.width, original.height] = [picture.width, picture.height];
    original.getContext('2d').drawImage(picture, 0, 0);
    window.texsort.live.draw($('before').checked);
    originalOf = state.source;
  }
  original.style.clipPath = `inset(0 ${100 - split}% 0 0)`;
}

// A file handed to the browser's downloads, named after the picture.
// `ending` follows the picture's name; a name starting with / is the whole name.
export function download(bytes, type, ending) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type }));
  a.download = ending.startsWith('/') ? ending.slice(1) : stemOf(state.shownName) + ending;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

// The options as a recipe file (`texsort pixelsort PICTURE --preset FILE` reads it): a sort a
// line (a preset's earlier sorts, then the controls'; the defaults' first option for one that
// differs in none).
export function recipeText() {
  const args = state.sortArgs;
  const unfit = args.find((word) => /[\s#]/.test(word));
  if (unfit) throw new Error(`a recipe splits its words at blanks and ends a line at '#': '${unfit}' cannot be one (rename the file)`);
  const lines = [[]];
  for (const word of args) {
    if (word === '--then') lines.push([]);
    else lines.at(-1).push(word);
  }
  const key = specs.find((x) => x.name === 'key').value;
  const text = lines.map((words) => (words.length ? words.join(' ') : '--key ' + key)).join('\n');
  return `# texsort recipe, from the page: texsort pixelsort PICTURE -o OUT.png --preset THIS_FILE\n${text}\n`;
}

// The controls' listeners, added once at start-up (main.js).
export function wireSave() {
  $('before').addEventListener('change', () => {
    if (state.sorted && !state.running) window.texsort.live.draw($('before').checked);
  });
  $('split').addEventListener('input', showSplit);
  $('fit').addEventListener('change', () => picture.classList.toggle('actual', !$('fit').checked));
  $('save').addEventListener('click', async () => {
    let bytes;
    try {
      bytes = await savedPng();
    } catch (e) {
      return showError(e.message);
    }
    download(bytes, 'image/png', '-pixelsorted.png');
  });
  $('save-recipe').addEventListener('click', () => {
    let text;
    try {
      text = recipeText();
    } catch (e) {
      return say(e.message, true);
    }
    download(new TextEncoder().encode(text), 'text/plain', '-recipe.txt');
  });
  $('copy').addEventListener('click', async () => {
    const text = $('command').textContent;
    try {
      await navigator.clipboard.writeText(text);
      say('copied the command line');
    } catch (e) {  // no clipboard for the page: the text selected, for the user's own copy
      getSelection().selectAllChildren($('command'));
      say('the browser keeps the clipboard from the page: the command line is selected, copy it with Ctrl+C');
    }
  });
}

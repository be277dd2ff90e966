// --- main: the pixel-sort page's start-up. Every texsort pixelsort option is a live control; the
// picture is sorted on the GPU and drawn on the canvas from the result texture (texsort.live);
// Save PNG runs `texsort pixelsort` itself on the picture, so the file has the same size, channels
// and pixels as the command line shown beneath. This file wires the parts (each adds its own
// listeners), opens the page's link, and sets the one test hook, window.texsortPage. ---
import { optionArgs } from './core/options.js';
import { state } from './core/store.js';
import { wireClip } from './features/clip.js';
import { applySettings, linkAsked, startHistory, wireHistory } from './features/history.js';
import { wireKeyframes } from './features/keyframes.js';
import { open, openSample, wireOpen } from './features/open.js';
import { wirePresets } from './features/presets.js';
import { recipeText, savedPng, wireSave } from './features/save.js';
import { wireSaveClip } from './features/save_clip.js';
import { go, watch, watchOpen, wireWatch } from './features/watch.js';
import { demux } from './media/demux.js';
import { counters, pixelsOf } from './media/pixels.js';
import { wireBrush } from './ui/brush.js';
import { $, form } from './ui/dom.js';
import { buildForm } from './ui/form.js';
import { wireKeys } from './ui/keys.js';
import { say } from './ui/status.js';

buildForm();
for (const wire of [wireOpen, wireClip, wireSaveClip, wireKeyframes, wireSave, wireBrush, wireHistory, wirePresets, wireWatch,
                    wireKeys]) {
  wire();
}

// A link opens with its settings and its sample (the first sample without one); what it asks that
// the page cannot give is said above the controls. A link naming a preset loads it into the
// controls, as choosing it does, then its other options over it: once the module, which holds the
// presets, is up.
const { unfit, sample } = linkAsked(applySettings(location.search));
const presetLinked = form.elements.preset.value !== 'none';
$('link-note').hidden = !unfit.length;
$('link-note').textContent = `the link asks for what the page cannot take: ${unfit.join('; ')}`;
startHistory();
window.texsort.ready.then(() => {
  if (presetLinked) applySettings(location.search);
  openSample(sample, true);
}, (e) => say(e.message, true));

// The test hook, for scripts and the browser tests (docs/web.md): the page's state, a few of its
// actions, and its counters (frames read back from the GPU).
window.texsortPage = { state, optionArgs, open, savedPng, recipeText, watch, watchOpen, go, counters, pixelsOf, demux };

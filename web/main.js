// --- main: the pixel-sort page's start-up. Every texsort pixelsort option is a live control; the
// picture is sorted on the GPU and drawn on the canvas from the result texture (texsort.live);
// Save PNG runs `texsort pixelsort` itself on the picture, so the file has the same size, channels
// and pixels as the command line shown beneath. This file wires the parts (each adds its own
// listeners), opens the page's link, and sets the one test hook, window.texsortPage. ---
import { makeSpecs } from './core/options.js';
import { wireClip } from './features/clip.js';
import { applySettings, linkAsked, startHistory, wireHistory } from './features/history.js';
import { wireKeyframes } from './features/keyframes.js';
import { openSample, wireOpen } from './features/open.js';
import { wirePresets } from './features/presets.js';
import { wireSave } from './features/save.js';
import { wireSaveClip } from './features/save_clip.js';
import { wireWatch } from './features/watch.js';
import { texsortPage } from './hook.js';
import { wireBrush } from './ui/brush.js';
import { $ } from './ui/dom.js';
import { buildForm } from './ui/form.js';
import { wireKeys } from './ui/keys.js';
import { say } from './ui/status.js';

for (const wire of [wireOpen, wireClip, wireSaveClip, wireKeyframes, wireSave, wireBrush, wireHistory, wirePresets, wireWatch,
                    wireKeys]) {
  wire();
}

// Once the module is up, the controls are made from its option table; then a link opens with its
// settings and its sample (the first sample without one), what it asks that the page cannot give
// said above the controls. A link naming a preset loads it into the controls, as choosing it
// does, then its other options over it.
window.texsort.ready.then(() => {
  makeSpecs(window.texsort.options, window.texsort.presets);
  buildForm();
  const { unfit, sample } = linkAsked(applySettings(location.search));
  $('link-note').hidden = !unfit.length;
  $('link-note').textContent = `the link asks for what the page cannot take: ${unfit.join('; ')}`;
  startHistory();
  openSample(sample, true);
}, (e) => say(e.message, true));

// The test hook (hook.js; docs/web.md): what the page is doing, read out, and a few of its actions.
window.texsortPage = texsortPage;

// --- ui/dom: the page's elements that every part draws on, found by id once. ---

export const $ = (id) => document.getElementById(id);
export const form = $('options');  // the options' controls (ui/form.js builds them)
export const picture = $('texsort-gl');  // the canvas the module draws the sorted picture on
export const status = $('status');  // the status line (ui/status.js)

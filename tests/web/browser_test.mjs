// texsort in a real browser: Debian's headless Chromium with SwiftShader's WebGL2, driven through
// the DevTools protocol (puppeteer-core). The page is build/web/site as any static server gives it.
//   node browser_test.mjs SUITE SITE_DIR NATIVE_TEXSORT ASSETS_DIR
// Suites: load (the page comes up with no console error and WebGL2), pixels (texsort.run gives the
// native program's exit codes, messages and exactly its pixels), digests (the state after every
// pass of every fragment algorithm equals the CPU model's, digest for digest with the native
// `texsort check`), watch (the page's pass-by-pass picture is the desktop's recording of that pass),
// live (the page on a phone and a desktop screen, its state after errors, quick changes, the keyboard),
// tool (a link's settings, Back and Forward, Undo, Redo and Reset, Copy, a pasted image, Save recipe),
// clip (a video plays sorted; each frame drawn is the CLI's sort of that frame as the page decoded it),
// camera (a fake camera's frames sorted as they come; a refused camera said in one line).
// Exits 1 on any failure; nothing is skipped.
import { check, failures } from './support/check.mjs';
import { fakeCamera, openPage, serve } from './support/browser.mjs';
import { paths } from './support/paths.mjs';
import { suiteLoad } from './suites/load.mjs';
import { suiteLive } from './suites/live.mjs';
import { suiteTool } from './suites/tool.mjs';
import { suitePixels } from './suites/pixels.mjs';
import { suiteWatch } from './suites/watch.mjs';
import { suiteClip } from './suites/clip.mjs';
import { suiteCamera } from './suites/camera.mjs';
import { suiteDigests } from './suites/digests.mjs';

const [suite, site, native, assets] = process.argv.slice(2);
Object.assign(paths, { native, assets });

// Each suite: how the page is opened for it (Chromium's flags, the link) and what it runs on it.
const suites = {
  load: { run: (o, server) => suiteLoad(o.page, o.problems, server) },
  pixels: { run: (o) => suitePixels(o.page) },
  live: { run: (o) => suiteLive(o.page, o.problems) },
  // The link the tool suite opens: a sample and options, values no list has, a file a link cannot carry.
  tool: { query: '?image=coffee&key=hue&lower=0.3&order=sideways&seed=abc&mask=m.png&zoom=2&key=red',
          run: (o) => suiteTool(o.page, o.problems) },
  digests: { run: (o) => suiteDigests(o.page) },
  watch: { run: (o) => suiteWatch(o.page) },
  clip: { run: (o) => suiteClip(o.page, o.problems) },
  camera: { flags: fakeCamera, run: (o) => suiteCamera(o.page, o.problems, o.browser) },
};

const server = await serve(site);
let opened;
try {
  const chosen = suites[suite];
  if (!chosen) throw new Error(`unknown suite ${suite}: one of ${Object.keys(suites).join(', ')}`);
  opened = await openPage(server, chosen.flags ? chosen.flags() : [], true, chosen.query || '');
  await chosen.run(opened, server);
} catch (e) {
  const said = opened?.problems.length ? `\nthe page said: ${opened.problems.join('; ')}` : '';  // what led to it
  check(false, suite, (e.stack || String(e)) + said);
} finally {
  if (opened) await opened.browser.close();
  server.close();
}
console.log(failures.length ? `${failures.length} failed` : 'all passed');
process.exit(failures.length ? 1 : 0);

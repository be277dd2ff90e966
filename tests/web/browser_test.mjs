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
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

const [suite, site, native, assets] = process.argv.slice(2);
const browsers = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const failures = [];
const check = (ok, name, why) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : ': ' + why}`);
  if (!ok) failures.push(name);
};

function serve(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
                  '.png': 'image/png' };
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://localhost').pathname));
    fs.readFile(file.endsWith('/') ? file + 'index.html' : file, (err, data) => {
      if (err) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function openPage(server, extraArgs = [], waitForReady = true, query = '') {
  const executablePath = browsers.find((b) => fs.existsSync(b));
  if (!executablePath) throw new Error('no Chromium: install chromium-headless-shell (make deps)');
  const browser = await puppeteer.launch({
    executablePath, headless: 'shell', protocolTimeout: 900000,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', ...extraArgs],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 720 });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html${query}`, { waitUntil: 'load' });
  if (waitForReady) await page.evaluate(() => window.texsort.ready);
  return { browser, page, problems };
}

// texsort.run in the page: bytes cross as base64.
async function runWeb(page, args, input) {
  const r = await page.evaluate(async (argv, b64) => {
    const bytes = b64 === null ? null : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const result = await window.texsort.run(argv, bytes);
    let text = '';
    for (let i = 0; i < result.stdout.length; i += 0x8000) text += String.fromCharCode(...result.stdout.subarray(i, i + 0x8000));
    return { code: result.code, stdout: btoa(text), stderr: result.stderr };
  }, args, input ? input.toString('base64') : null);
  return { code: r.code, stdout: Buffer.from(r.stdout, 'base64'), stderr: r.stderr };
}

function runNative(args, input, cwd) {
  const r = spawnSync(path.resolve(native), args, { argv0: 'texsort', input: input || Buffer.alloc(0), maxBuffer: 1 << 30, cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}

// A PNG's size and colour type from its header, and its pixels as RGBA (ffmpeg decodes it).
function pngHeader(bytes) {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'not a PNG';
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)} depth ${bytes[24]} colour type ${bytes[25]}`;
}
function pixels(bytes) {
  const r = spawnSync('ffmpeg', ['-v', 'error', '-f', 'png_pipe', '-i', '-', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                      { input: bytes, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error('ffmpeg could not decode: ' + r.stderr.toString());
  return r.stdout;
}

// The page's next download is caught, not made: its file name goes to window.downloaded.
function catchNextDownload(page) {
  return page.evaluate(() => {
    const click = HTMLAnchorElement.prototype.click;
    window.downloaded = [];
    HTMLAnchorElement.prototype.click = function () {
      window.downloaded.push(this.download);
      HTMLAnchorElement.prototype.click = click;
    };
  });
}

// The peak signal-to-noise ratio of picture b's luma (BT.709 weights of its RGBA) against a's, in dB.
function lumaPsnrOf(a, b) {
  if (a.length !== b.length || !a.length) return -Infinity;
  let sum = 0;
  const luma = (p, i) => 0.2126 * p[i] + 0.7152 * p[i + 1] + 0.0722 * p[i + 2];
  for (let i = 0; i < a.length; i += 4) sum += (luma(a, i) - luma(b, i)) ** 2;
  return sum === 0 ? Infinity : 10 * Math.log10(255 ** 2 / (sum / (a.length / 4)));
}

// The native CLI's sort (`args`) of a frame's RGBA pixels, written as dir/name.png first: its
// pixels as RGBA, or null with the CLI's message in `why`.
function cliSortOf(dir, name, rgba, width, height, args) {
  const file = path.join(dir, name + '.png');
  const png = spawnSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-i', '-',
                                   '-frames:v', '1', '-y', file], { input: Buffer.from(rgba) });
  if (png.status !== 0) throw new Error('ffmpeg: ' + png.stderr.toString());
  const cli = runNative(['pixelsort', file, '-o', '-', '-q', ...args]);
  return cli.code === 0 ? pixels(cli.stdout) : Object.assign(Buffer.alloc(0), { why: cli.stderr });
}

// A picture ffmpeg draws from a filter graph into dir/name, in a pixel format; its bytes.
function madeIn(dir, name, filter, format) {
  const file = path.join(dir, name);
  const r = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', filter, '-frames:v', '1', '-pix_fmt', format, file]);
  if (r.status !== 0) throw new Error('ffmpeg: ' + r.stderr.toString());
  return fs.readFileSync(file);
}

function makeInputs(dir) {
  const made = (name, filter, format) => madeIn(dir, name, filter, format);
  // Odd sizes; alpha that varies and travels with its pixel; grey with alpha; one column. Colours
  // from a formula, so ties (equal keys) occur too.
  const pattern = (w, h, format) => `nullsrc=s=${w}x${h},format=${format},geq=` +
    "r='mod(X*37+Y*11,256)':g='mod(X*5+Y*53,256)':b='mod(X*X+Y*3,256)'" + (format === 'rgba' ? ":a='mod(X*7+Y*13,256)'" : '');
  return {
    'odd RGBA 37x23': made('rgba.png', pattern(37, 23, 'rgba'), 'rgba'),
    'grey+alpha 37x23': made('ya.png', pattern(37, 23, 'rgba'), 'ya8'),
    'grey 1x61': made('grey.png', pattern(1, 61, 'rgb24'), 'gray'),
    'RGB 45x17': made('rgb.png', pattern(45, 17, 'rgb24'), 'rgb24'),
    astronaut: fs.readFileSync(path.join(assets, 'astronaut.png')),
  };
}

// The page's controls against the one option table (`texsort info --options`, run in the page):
// each control an option of it, its words the table's (in its order; the page may offer fewer), its
// range inside the table's, its start the table's default; the presets the table's.
async function controlsFollowTheTable(page) {
  const listed = await runWeb(page, ['info', '--options']);
  check(listed.code === 0 && listed.stdout.equals(runNative(['info', '--options']).stdout),
        'info --options is the native program\'s', listed.stderr);
  const table = JSON.parse(listed.stdout.toString());
  const controls = await page.evaluate(() => [...document.querySelectorAll('#options label[data-option]')].map((l) => {
    const c = l.querySelector('select, input');
    return { name: l.dataset.option, type: c.type, value: c.type === 'checkbox' ? String(c.checked) : c.value, min: c.min,
             max: c.max, words: c.tagName === 'SELECT' ? [...c.options].map((o) => o.value) : null };
  }));
  const inOrder = (some, all) => some.every((w, i) => all.includes(w) && (i === 0 || all.indexOf(w) > all.indexOf(some[i - 1])));
  for (const c of controls) {
    if (c.name === 'preset') {
      check(JSON.stringify(c.words) === JSON.stringify(['none', ...table.presets]), 'the page\'s presets are the table\'s', c.words);
      continue;
    }
    const row = table.options.find((o) => o.name === c.name);
    check(row, `the page's control ${c.name} is an option of the table`);
    if (!row) continue;
    // The line sort: WebGL2 has no compute shaders, so the page offers the fragment rows and starts at
    // the widest, which is what auto takes there.
    const start = c.name === 'algo' ? 'bitonic-wide' : row.default;
    if (row.kind === 'choice') check(c.words && c.words.length > 1 && inOrder(c.words, row.choices), `${c.name}: the table's words`, c.words);
    if (row.kind === 'real' || row.kind === 'integer') {
      check(Number(c.min) >= row.min && Number(c.max) <= row.max && c.min !== '' && c.max !== '',
            `${c.name}: a range inside the table's ${row.min}..${row.max}`, `${c.min}..${c.max}`);
      check(Number(c.value) === Number(start), `${c.name} starts at the table's ${start}`, c.value);
    } else if (row.kind === 'flag') {
      check(c.value === 'false', `${c.name} starts off`, c.value);
    } else if (row.kind === 'choice') {
      check(c.value === start, `${c.name} starts at the table's ${start}`, c.value);
    }
  }
}

async function suiteLoad(page, problems, server) {
  // A browser without WebGL: the page says so in the CLI's words instead of staying blank.
  const bare = await openPage(server, ['--disable-3d-apis'], false);
  try {
    await bare.page.waitForFunction(() => document.getElementById('status').classList.contains('error'), { timeout: 60000 });
    const said = await bare.page.$eval('#status', (s) => s.textContent);
    check(/WebGL2/.test(said), 'without WebGL the page says so', said);
    const ready = await bare.page.evaluate(() => window.texsort.ready.then(() => 'resolved', (e) => e.message));
    check(/^texsort: error: WebGL2: /.test(ready), 'without WebGL texsort.ready rejects with the CLI\'s line', ready);
  } finally {
    await bare.browser.close();
  }

  const info = await runWeb(page, ['info']);
  check(info.code === 0 && /WebGL 2\.0/.test(info.stdout.toString()), 'info runs on WebGL2', info.stdout + info.stderr);
  await controlsFollowTheTable(page);
  const help = await runWeb(page, ['--help']);
  const nativeHelp = runNative(['--help']);
  check(help.code === 0 && help.stdout.equals(nativeHelp.stdout), '--help is the native program\'s',
        help.stdout.toString().slice(0, 200));
  const title = await page.$eval('h1', (h) => h.textContent);
  check(title.includes('texsort'), 'the page shows its title', title);

  // The page's controls: what the picture shows is what the CLI makes with the options they show.
  const settled = () => page.waitForFunction(() => {
    const s = document.getElementById('status');
    const st = window.texsortPage.state;
    return s.dataset.state === 'ready' && !st.running && !st.pending && !st.reading;
  }, { timeout: 120000 });
  // A file chosen in a control: in place (its name registered) before the page is read.
  const chosen = async (id, file, option) => {
    await (await page.$(id)).uploadFile(file);
    await page.waitForFunction((o, name) => window.texsortPage.state.files[o] === name,
                               { timeout: 120000 }, option, path.basename(file));
  };
  // What the canvas shows (read back for the test only), RGB; and the PNG Save gives.
  const shownRgb = async () => {
    const b64 = await page.evaluate(() => {
      const { rgba } = window.texsort.live.read();
      let text = '';
      for (let i = 0; i < rgba.length; i += 4) text += String.fromCharCode(rgba[i], rgba[i + 1], rgba[i + 2]);
      return btoa(text);
    });
    return Buffer.from(b64, 'base64');
  };
  const savedPng = async () => Buffer.from(await page.evaluate(async () => {
    const bytes = await window.texsortPage.savedPng();
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }), 'base64');
  const rgbOf = (rgba) => Buffer.from(rgba.filter((v, i) => (i & 3) !== 3));
  // The picture drawn from the GPU is the CLI's, channel for channel (the canvas is opaque: RGB),
  // and Save's file is the CLI's file.
  const sameAsCli = async (label, nat) => {
    const shown = await shownRgb(), saved = await savedPng();
    check(nat.code === 0 && shown.equals(rgbOf(pixels(nat.stdout))), label + ': the picture drawn is the CLI\'s',
          `${shown.length} bytes drawn, ${pngHeader(nat.stdout)}`);
    check(saved.equals(nat.stdout), label + ': Save gives the CLI\'s file, byte for byte',
          `${saved.length} bytes (${pngHeader(saved)}) vs ${nat.stdout.length} (${pngHeader(nat.stdout)})`);
  };
  const astronaut = fs.readFileSync(path.join(assets, 'astronaut.png'));
  const compareWithCli = async (label, expectedArgs, cwd, nativeArgs = expectedArgs) => {
    await settled();
    const args = await page.evaluate(() => window.texsortPage.optionArgs());
    check(JSON.stringify(args) === JSON.stringify(expectedArgs), label + ': the controls say ' + expectedArgs.join(' '),
          JSON.stringify(args));
    const command = await page.$eval('#command', (c) => c.textContent);
    check(command === ['texsort pixelsort astronaut.png -o sorted.png', ...expectedArgs].join(' '),
          label + ': the command line shown', command);
    await sameAsCli(label, runNative(['pixelsort', '-', '-o', '-', '-q', ...nativeArgs], astronaut, cwd));
  };
  await compareWithCli('the page opens on the astronaut', []);
  await page.select('#option-intervals', 'edges');
  await page.select('#option-key', 'hue');
  await compareWithCli('intervals and key chosen', ['--intervals', 'edges', '--key', 'hue']);
  // A slider dragged: its value moves through the range, a re-sort each time, the last one shown.
  const slider = await page.$('#option-angle');
  const box = await slider.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await settled();
  const angle = await page.$eval('#option-angle', (c) => c.value);
  check(Number(angle) > 20, 'the angle slider moved by dragging', angle);
  await compareWithCli('the angle dragged', ['--angle', angle, '--intervals', 'edges', '--key', 'hue']);
  // A path, the threshold on another key and outside it, a mix; then a preset, loaded into the controls.
  await page.select('#option-intervals', 'threshold');
  await page.select('#option-path', 'circles');
  await page.select('#option-select', 'saturation');
  await page.click('#option-invert');
  await page.$eval('#option-mix', (c) => {  // let go: an entry of the page's history
    c.value = '0.5';
    c.dispatchEvent(new Event('input'));
    c.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await compareWithCli('path, selection, inversion and mix',
                       ['--path', 'circles', '--select', 'saturation', '--invert', '--key', 'hue', '--mix', '0.5']);
  const angleHidden = await page.$eval('[data-option="angle"]', (l) => l.hidden);
  check(angleHidden, 'the angle steps aside for a path around a centre', String(angleHidden));
  await page.select('#option-preset', 'rays');
  await compareWithCli('a preset loaded into the controls', ['--path', 'radial', '--lower', '0.2', '--upper', '0.95', '--mix', '0.6'],
                       undefined, ['--preset', 'rays']);
  await page.click('#undo');  // the controls as they were before it
  await page.waitForFunction(() => document.getElementById('option-path').value === 'circles', { timeout: 120000 });
  // Files the options name: a mask (white on the left half) and flow's direction field (the
  // astronaut's own hues), chosen as a user chooses them; the native run finds them by the same names.
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-files-'));
  try {
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "nullsrc=s=512x512,format=gray,geq=lum='if(lt(X,256),255,0)'",
                         '-frames:v', '1', path.join(files, 'm.png')]);
    fs.copyFileSync(path.join(assets, 'astronaut.png'), path.join(files, 'f.png'));
    await chosen('#option-mask', path.join(files, 'm.png'), 'mask');
    const withMask = ['--select', 'saturation', '--invert', '--mask', 'm.png', '--key', 'hue', '--mix', '0.5'];
    await compareWithCli('a mask file chosen', ['--path', 'circles', ...withMask], files);
    await page.select('#option-path', 'flow');
    await chosen('#option-field', path.join(files, 'f.png'), 'field');
    await compareWithCli('flow with its field file', ['--path', 'flow', '--field', 'f.png', ...withMask], files);
    // Files unchosen: the options name them no more.
    for (const id of ['#option-mask', '#option-field']) {
      await page.$eval(id, (c) => { c.value = ''; c.dispatchEvent(new Event('change')); });
    }
    await page.select('#option-path', 'lines');
    await compareWithCli('the files unchosen',
                         ['--angle', angle, ...withMask.filter((w, i) => w !== 'm.png' && withMask[i + 1] !== 'm.png')]);
  } finally {
    fs.rmSync(files, { recursive: true, force: true });
  }
  // A WebP (lossless, alpha): stb cannot read it, the browser decodes it exactly for texsort.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-webp-'));
  try {
    const png = path.join(dir, 'w.png'), webp = path.join(dir, 'w.webp');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', "nullsrc=s=37x23,format=rgba,geq=r='mod(X*37+Y*11,256)':" +
              "g='mod(X*5+Y*53,256)':b='mod(X*X+Y*3,256)':a='1+mod(X*7+Y*13,255)'", '-frames:v', '1', png]);
    spawnSync('ffmpeg', ['-v', 'error', '-i', png, '-c:v', 'libwebp', '-lossless', '1', '-pix_fmt', 'bgra', webp]);
    await page.evaluate(async (b64) => {
      await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'w.webp');
    }, fs.readFileSync(webp).toString('base64'));
    await settled();
    const args = await page.evaluate(() => window.texsortPage.optionArgs());
    await sameAsCli('a lossless WebP with alpha gives the pixels of its PNG', runNative(['pixelsort', png, '-o', '-', '-q', ...args]));
    const command = await page.$eval('#command', (c) => c.textContent + ' ' + document.getElementById('command-note').textContent);
    check(/^texsort pixelsort w\.png /.test(command) && /read w\.webp as this PNG/.test(command),
          'a WebP is named in the command line as the PNG the page read it as, and the page says so', command);
    // Without alpha it stays three channels, as its PNG would be.
    const opaquePng = path.join(dir, 'o.png'), opaqueWebp = path.join(dir, 'o.webp');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=40x30', '-frames:v', '1', opaquePng]);
    spawnSync('ffmpeg', ['-v', 'error', '-i', opaquePng, '-c:v', 'libwebp', '-lossless', '1', opaqueWebp]);
    await page.evaluate(async (b64) => {
      await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'o.webp');
    }, fs.readFileSync(opaqueWebp).toString('base64'));
    await settled();
    await sameAsCli('an opaque WebP gives the pixels and channels of its PNG',
                    runNative(['pixelsort', opaquePng, '-o', '-', '-q', ...(await page.evaluate(() => window.texsortPage.optionArgs()))]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  check(problems.length === 0, 'no console error', problems.join('; '));
}

// The page as a live tool: any screen, truthful state, the keyboard, and only the newest settings
// sorted.
async function suiteLive(page, problems) {
  const st = () => page.evaluate(() => ({ ...window.texsortPage.state, input: null }));
  const settledAfter = async (before) => page.waitForFunction(
    (n) => window.texsortPage.state.settled > n && !window.texsortPage.state.running, { timeout: 120000 }, before);
  await page.waitForFunction(() => window.texsortPage.state.sorted, { timeout: 120000 });
  const shots = process.env.TEXSORT_WEB_SHOTS;  // the README's pictures of the page: TEXSORT_WEB_SHOTS=docs
  for (const [width, height, name] of [[390, 844, 'phone'], [1280, 800, 'desktop']]) {
    await page.setViewport({ width, height });
    const layout = await page.evaluate(() => {
      const box = (e) => e.getBoundingClientRect();
      const canvas = box(document.getElementById('texsort-gl'));
      const cut = [...document.querySelectorAll('#pixelsort-mode label, #pixelsort-mode button, #pixelsort-mode select')]
        .filter((e) => !e.closest('[hidden]') && e.offsetParent !== null)
        .filter((e) => box(e).width === 0 || box(e).right > document.documentElement.clientWidth + 0.5)
        .map((e) => e.id || e.textContent.trim().slice(0, 20));
      return { scroll: document.documentElement.scrollWidth, canvasWidth: canvas.width, canvasTop: canvas.top, cut,
               clipBar: document.getElementById('clip-bar').offsetParent !== null };
    });
    check(layout.scroll <= width, `${width}x${height}: no horizontal scroll`, `the page is ${layout.scroll} px wide`);
    check(layout.canvasWidth >= Math.min(300, width - 40), `${width}x${height}: the picture shows`, `${layout.canvasWidth} px wide`);
    check(width > 800 || layout.canvasTop < 300, `${width}x${height}: the picture comes first`, `at ${layout.canvasTop} px`);
    check(layout.cut.length === 0, `${width}x${height}: every control shows`, layout.cut.join(', '));
    check(!layout.clipBar, `${width}x${height}: a still shows no clip controls`, 'the clip bar shows');
    if (shots) await page.screenshot({ path: path.join(shots, `web-${name}.png`) });
  }
  // Idle, the page compiles ahead what a first new key, threshold key or kind of intervals needs:
  // once it says it is done, none of those changes links a program. Also for the threshold's keys
  // when the lines changed while the intervals were another kind.
  const idle = () => page.waitForFunction(() => window.texsortPage.state.warmLeft === 0, { timeout: 600000, polling: 250 });
  const linksOf = (changes) => page.evaluate(async (changes) => {
    const st = window.texsortPage.state, proto = WebGL2RenderingContext.prototype, link = proto.linkProgram, linked = [];
    proto.linkProgram = function (...a) { linked[linked.length - 1][1]++; return link.apply(this, a); };
    for (const [id, value] of changes) {
      linked.push([`${id} ${value}`, 0]);
      const before = st.settled, c = document.getElementById(`option-${id}`);
      c.value = value;
      c.dispatchEvent(new Event('input'));
      while (st.settled === before || st.running) await new Promise((r) => requestAnimationFrame(r));
    }
    proto.linkProgram = link;
    return linked.filter(([, n]) => n > 0);
  }, changes);
  await idle();
  const firstUses = await linksOf([['key', 'saturation'], ['select', 'hue'], ['intervals', 'edges'], ['key', 'luma'],
                                   ['intervals', 'threshold'], ['select', 'luma']]);
  check(firstUses.length === 0, 'idle, the programs of a new key, threshold key and intervals are made ahead',
        JSON.stringify(firstUses));
  await linksOf([['intervals', 'none']]);
  await idle();
  await linksOf([['angle', '90']]);
  await idle();
  await linksOf([['intervals', 'threshold']]);
  await idle();
  const columnUses = await linksOf([['select', 'max'], ['key', 'hue']]);
  await linksOf([['angle', '0'], ['select', 'luma'], ['key', 'luma']]);
  check(columnUses.length === 0, 'idle, also the threshold keys of columns laid out without a threshold',
        JSON.stringify(columnUses));
  await linksOf([['angle', '30']]);
  await idle();
  await linksOf([['angle', '40']]);
  await idle();
  const angledUses = await linksOf([['key', 'saturation'], ['intervals', 'edges'], ['key', 'shuffle'], ['key', 'hue']]);
  await linksOf([['intervals', 'threshold'], ['key', 'luma'], ['angle', '0']]);
  check(angledUses.length === 0, 'idle, also for lines at an angle (the whole picture sorted ahead), unpacked ones too',
        JSON.stringify(angledUses));
  // Choosing a preset does not move the picture.
  const x = () => page.$eval('#texsort-gl', (c) => c.getBoundingClientRect().x);
  const before = await x();
  let n = (await st()).settled;
  await page.select('#option-preset', 'asdf');
  await settledAfter(n);
  check(await x() === before, 'a preset leaves the picture where it was', `${before} -> ${await x()}`);
  n = (await st()).settled;
  await page.click('#undo');
  await settledAfter(n);
  // Options that cannot sort: the error names the option at the top, its control is marked, the
  // picture is stale and Save is off; good options again clear all of it.
  n = (await st()).settled;
  await page.$eval('#option-lower', (c) => { c.value = '0.9'; c.dispatchEvent(new Event('input')); });
  await settledAfter(n);
  const bad = await page.evaluate(() => ({
    status: document.getElementById('status').textContent,
    marked: document.querySelector('[data-option="lower"]').classList.contains('invalid') ||
            document.querySelector('[data-option="upper"]').classList.contains('invalid'),
    stale: document.getElementById('texsort-gl').classList.contains('stale'),
    save: document.getElementById('save').disabled,
    top: document.getElementById('status').getBoundingClientRect().top,
  }));
  check(/--(lower|upper)/.test(bad.status) && bad.marked && bad.stale && bad.save && bad.top < 400,
        'bad options: the error on top, its control marked, the picture stale, Save off', JSON.stringify(bad));
  n = (await st()).settled;
  await page.$eval('#option-lower', (c) => { c.value = '0.25'; c.dispatchEvent(new Event('input')); });
  await settledAfter(n);
  const good = await page.evaluate(() => [document.getElementById('texsort-gl').classList.contains('stale'),
                                          document.getElementById('save').disabled, document.querySelectorAll('.invalid').length]);
  check(JSON.stringify(good) === '[false,false,0]', 'good options again: fresh picture, Save on, nothing marked', JSON.stringify(good));
  // Twenty changes in one go: only the newest settings are sorted, and the picture is theirs.
  const counted = await page.evaluate(async () => {
    const live = window.texsort.live, set = live.set, st = window.texsortPage.state;
    let calls = 0;
    live.set = (args) => { calls++; return set(args); };
    const before = st.settled;
    const c = document.getElementById('option-lower');
    for (let i = 0; i < 20; i++) { c.value = (0.1 + 0.01 * i).toFixed(2); c.dispatchEvent(new Event('input')); }
    while (st.settled === before || st.running) await new Promise((r) => requestAnimationFrame(r));
    live.set = set;
    return { calls, args: st.sortArgs };
  });
  check(counted.calls === 1 && counted.args.join(' ') === '--lower 0.29', 'twenty quick changes sort once, with the last',
        JSON.stringify(counted));
  // A drag (twenty changes 16 ms apart): the page asks the GPU for more (passes, a new sort) only
  // once what it asked before is done, seen by a fence of the test's own after each ask; the
  // status says the picture's time once it is drawn.
  const dragged = await page.evaluate(async () => {
    const live = window.texsort.live, advance = live.advance, set = live.set, st = window.texsortPage.state;
    const gl = document.getElementById('texsort-gl').getContext('webgl2');
    let fence = null, early = 0, asks = 0;  // the fence follows each batch of passes asked for
    const ask = (call, fenced) => (...args) => {
      if (fence && gl.clientWaitSync(fence, 0, 0) === gl.TIMEOUT_EXPIRED) early++;
      const r = call(...args);
      if (fenced) {
        if (fence) gl.deleteSync(fence);
        fence = gl.fenceSync(gl.SYNC_GPU_COMMANDS_COMPLETE, 0);
      }
      asks++;
      return r;
    };
    live.advance = ask(advance, true);
    live.set = ask(set, false);
    const c = document.getElementById('option-lower');
    for (let i = 0; i < 20; i++) {
      c.value = (0.3 + 0.01 * i).toFixed(2);
      c.dispatchEvent(new Event('input'));
      await new Promise((r) => setTimeout(r, 16));
    }
    while (st.running || st.pending) await new Promise((r) => requestAnimationFrame(r));
    live.advance = advance;
    live.set = set;
    if (fence) gl.deleteSync(fence);
    return { early, asks, args: st.sortArgs.join(' '), status: document.getElementById('status').textContent };
  });
  check(dragged.early === 0 && dragged.asks > 1 && dragged.args === '--lower 0.49' && /^sorted in \d+\.\d\d s$/.test(dragged.status),
        'a drag asks the GPU for more only once it has done what it had, and the time said is the picture\'s',
        JSON.stringify(dragged));
  // A new mix alone runs no pass: the view stays at its last pass and only the drawing changes
  // (the tool suite compares the mixed picture with the CLI's).
  const mixed = await page.evaluate(async () => {
    const live = window.texsort.live, set = live.set, st = window.texsortPage.state;
    let after = null;
    live.set = (args) => { const r = set(args); after = { passes: r.passes, at: live.pass() }; return r; };
    const before = st.settled, c = document.getElementById('option-mix');
    c.value = '0.5';
    c.dispatchEvent(new Event('input'));
    while (st.settled === before || st.running) await new Promise((r) => requestAnimationFrame(r));
    live.set = set;
    const mixedAt = st.settled;
    c.value = '1';
    c.dispatchEvent(new Event('input'));
    while (st.settled === mixedAt || st.running) await new Promise((r) => requestAnimationFrame(r));
    return after;
  });
  check(mixed && mixed.passes > 0 && mixed.at === mixed.passes, 'a new mix alone runs no pass', JSON.stringify(mixed));
  // A picture of several encoder runs (over a MiB of rows): the browser's one thread writes the
  // native program's file, byte for byte (the runs go by size, not by cores).
  const bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-big-'));
  try {
    const big = madeIn(bigDir, 'big.png', 'testsrc2=s=1024x768', 'rgb24');
    n = (await st()).settled;
    await page.evaluate(async (b64) => window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'big.png'),
                        big.toString('base64'));
    await settledAfter(n);
    const args = await page.evaluate(() => window.texsortPage.state.sortArgs);
    const saved = Buffer.from(await page.evaluate(async () => {
      const bytes = await window.texsortPage.savedPng();
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(text);
    }), 'base64');
    const nat = runNative(['pixelsort', path.join(bigDir, 'big.png'), '-o', '-', '-q', ...args]);
    check(nat.code === 0 && saved.equals(nat.stdout), 'a picture of several encoder runs saves the CLI\'s file byte for byte',
          `${saved.length} vs ${nat.stdout.length} bytes`);
  } finally {
    fs.rmSync(bigDir, { recursive: true, force: true });
  }
  // A name a shell would split: the command line shown is quoted, and a shell reads it back whole.
  const astronaut = fs.readFileSync(path.join(assets, 'astronaut.png')).toString('base64');
  for (const [name, operand] of [["my photo (1)'s.png", "my photo (1)'s.png"], ['my photo.png', 'my photo.png'],
                                 ['-x.png', './-x.png']]) {
    n = (await st()).settled;
    await page.evaluate(async (b64, name) => window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), name),
                        astronaut, name);
    await settledAfter(n);
    const command = await page.$eval('#command', (c) => c.textContent);
    const words = spawnSync('bash', ['-c', `printf '%s\\n' ${command.replace(/^texsort /, '')}`]).stdout.toString().split('\n');
    check(words[1] === operand, `the command line names ${name} for a shell as ${operand}`, command);
  }
  // "Show the original" draws the picture as opened, and the sorted one again after.
  const original = await page.evaluate(() => {
    const before = document.getElementById('before');
    before.click();
    const { rgba } = window.texsort.live.read();
    before.click();
    const sorted = window.texsort.live.read().rgba;
    return [Array.from(rgba.subarray(0, 4096)), Array.from(sorted.subarray(0, 4096))];
  });
  const opened = pixels(Buffer.from(astronaut, 'base64')).subarray(0, 4096);  // astronaut.png is RGB: alpha 255 here too
  check(Buffer.from(original[0]).equals(opened) && !Buffer.from(original[1]).equals(opened),
        'show the original draws the opened picture, unticked the sorted one', '');
  // A file that is not a picture: named by its own name, no picture left, Save off.
  n = (await st()).settled;
  await page.evaluate(async () => window.texsortPage.open(new TextEncoder().encode('not a picture'), 'notes.txt'));
  await settledAfter(n);
  const refused = await page.evaluate(() => [document.getElementById('status').textContent,
                                             document.getElementById('texsort-gl').classList.contains('none'),
                                             document.getElementById('save').disabled]);
  check(/^notes\.txt: /.test(refused[0]) && refused[1] && refused[2], 'a file that is not a picture: its name, no picture, no Save',
        JSON.stringify(refused));
  // The keyboard: Tab reaches Open, which opens the file chooser; no list offers alpha as a bound.
  // (From the page's top: a click on the heading puts Tab's starting point there.)
  await page.click('header h1');
  let reached = false;
  for (let i = 0; i < 12 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.id === 'open');
  }
  check(reached, 'Tab reaches Open image', '');
  // Enter on it asks for the file chooser (the hidden input's click, spied on: a headless browser's
  // chooser is not always offered to the test).
  await page.evaluate(() => {
    window.chooserAsked = 0;
    const file = document.getElementById('file'), click = file.click.bind(file);
    file.click = () => { window.chooserAsked++; };
    window.restoreChooser = () => { file.click = click; };
  });
  await page.keyboard.press('Enter');
  const asked = await page.evaluate(() => { window.restoreChooser(); return window.chooserAsked; });
  check(asked === 1, 'Enter on Open image asks for the file chooser', `asked ${asked} times`);
  const bounds = await page.$$eval('#option-select option', (o) => o.map((x) => x.value));
  check(!bounds.includes('alpha'), 'the bound\'s key offers no alpha', bounds.join(' '));
  check(problems.length === 0, 'no console error', problems.join('; '));
}

async function suiteTool(page, problems) {
  const st = () => page.evaluate(() => ({ ...window.texsortPage.state, input: null }));
  const settledAfter = async (before) => page.waitForFunction(
    (n) => window.texsortPage.state.settled > n && !window.texsortPage.state.running, { timeout: 120000 }, before);
  const shown = () => page.evaluate(() => ({
    args: window.texsortPage.state.sortArgs.join(' '), search: location.search, key: document.getElementById('option-key').value,
    undo: document.getElementById('undo').disabled, redo: document.getElementById('redo').disabled }));
  // The link the page was opened with (TOOL_QUERY): its sample and its options, a value no list has
  // left at its default.
  await page.waitForFunction(() => window.texsortPage.state.sorted, { timeout: 120000 });
  let s = await shown();
  check((await st()).inputName === 'coffee.png' && s.args === '--lower 0.3 --key hue' && s.undo && s.redo,
        'a link opens its sample with its options', JSON.stringify(s));
  const linkNote = await page.$eval('#link-note', (p) => (p.hidden ? '' : p.textContent));
  check(['order=sideways (the page uses asc)', 'seed=abc (the page uses 0)', 'mask=m.png (a file cannot travel in a link)',
         'zoom=2 (no such option)', 'key=red (given again: the page uses the first)'].every((x) => linkNote.includes(x)),
        'a value the link asks for and the page lacks is said', linkNote);
  // Each change made is an entry: the link follows it, Back and Forward (and Undo, Redo, their keys)
  // bring the controls and the picture back.
  // Each action waits for the page to be idle first, so the sort it waits for is its own.
  const idle = () => page.waitForFunction(() => !window.texsortPage.state.running && !window.texsortPage.state.pending,
                                          { timeout: 120000 });
  const change = async (id, value) => {
    await idle();
    const n = (await st()).settled;
    await page.$eval(id, (c, v) => {
      c.value = v;
      c.dispatchEvent(new Event('input', { bubbles: true }));
      c.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
    await settledAfter(n);
  };
  await change('#option-key', 'red');
  await change('#option-angle', '30');
  s = await shown();
  check(s.search === '?image=coffee&angle=30&lower=0.3&key=red' && !s.undo && s.redo, 'the link follows each change',
        JSON.stringify(s));
  const stepTo = async (how) => {
    await idle();
    const n = (await st()).settled;
    await how();
    await settledAfter(n);
    return shown();
  };
  s = await stepTo(() => page.goBack());
  check(s.args === '--lower 0.3 --key red', 'Back undoes the last change', JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  check(s.args === '--lower 0.3 --key hue' && s.undo && !s.redo, 'Undo goes back to the link as opened', JSON.stringify(s));
  s = await stepTo(() => page.goForward());
  check(s.args === '--lower 0.3 --key red', 'Forward redoes it', JSON.stringify(s));
  await page.evaluate(() => document.activeElement?.blur());
  s = await stepTo(async () => { await page.keyboard.down('Control'); await page.keyboard.down('Shift');
                                 await page.keyboard.press('KeyZ'); await page.keyboard.up('Shift');
                                 await page.keyboard.up('Control'); });
  check(s.args === '--angle 30 --lower 0.3 --key red' && s.redo, 'Ctrl+Shift+Z redoes the newest change', JSON.stringify(s));
  s = await stepTo(async () => { await page.keyboard.down('Control'); await page.keyboard.press('KeyZ');
                                 await page.keyboard.up('Control'); });
  check(s.args === '--lower 0.3 --key red', 'Ctrl+Z undoes it', JSON.stringify(s));
  // Undo clicked quickly where two Undos are possible walks both entries (the second click is owed
  // to the walk while the browser moves), and a third never walks past the first (off the page).
  s = await stepTo(() => page.click('#redo'));
  check(s.args === '--angle 30 --lower 0.3 --key red', 'Redo brings the newest entry back', JSON.stringify(s));
  s = await stepTo(() => page.evaluate(() => { for (let i = 0; i < 3; i++) document.getElementById('undo').click(); }));
  check(s.args === '--lower 0.3 --key hue' && s.undo && !s.redo, 'three quick Undos walk two entries and stop at the link as opened',
        JSON.stringify(s));
  // A change after an undo drops the newer entries; Reset is a change like any other.
  s = await stepTo(() => page.click('#reset'));
  check(s.args === '' && s.search === '?image=coffee' && s.key === 'luma' && !s.undo && s.redo,
        'Reset puts every option back, as a new entry', JSON.stringify(s));
  // Save recipe of the defaults writes a line --preset reads as the default sort.
  {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-recipe-'));
    fs.writeFileSync(path.join(dir, 'defaults.txt'), await page.evaluate(() => window.texsortPage.recipeText()));
    const coffee = path.join(assets, 'coffee.png');
    const viaRecipe = runNative(['pixelsort', coffee, '-o', '-', '-q', '--preset', path.join(dir, 'defaults.txt')]);
    const plain = runNative(['pixelsort', coffee, '-o', '-', '-q']);
    check(viaRecipe.code === 0 && viaRecipe.stdout.equals(plain.stdout), 'the recipe of the defaults is the default sort',
          viaRecipe.stderr);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Arrow keys pressed on a slider are one entry, however many: one Undo goes back past them all.
  await idle();
  await page.focus('#option-lower');
  s = await stepTo(async () => { for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight'); });
  await idle();
  s = await shown();
  check(s.args === '--lower 0.28' && s.search === '?image=coffee&lower=0.28', 'three arrow steps on a slider sort as one change',
        JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  check(s.args === '' && s.search === '?image=coffee', 'one Undo takes back three arrow steps on a slider', JSON.stringify(s));
  // A number emptied is its default again, not an error.
  await change('#option-intervals', 'random');
  await change('#option-seed', '');
  s = await shown();
  const seedError = await page.$eval('#status', (e) => (e.classList.contains('error') ? e.textContent : ''));
  check(s.args === '--intervals random' && !seedError, 'an emptied seed is its default', JSON.stringify({ ...s, seedError }));
  await stepTo(() => page.click('#reset'));
  // Opening a picture is an entry too: Undo brings back the picture and the settings before it.
  await change('#option-key', 'saturation');
  s = await stepTo(() => page.click('#sample-astronaut'));
  check(s.search === '?image=astronaut&key=saturation' && !s.undo && s.redo, 'a sample opened is an entry named in the link',
        JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  let shownName = (await st()).inputName;
  check(s.args === '--key saturation' && shownName === 'coffee.png', 'Undo brings back the picture of its entry',
        shownName + ' ' + JSON.stringify(s));
  s = await stepTo(() => page.click('#redo'));
  shownName = (await st()).inputName;
  check(s.args === '--key saturation' && shownName === 'astronaut.png', 'Redo brings back the picture of its entry', shownName);
  // Copy puts the command line shown on the clipboard.
  const origin = `http://127.0.0.1:${new URL(page.url()).port}`;
  await page.browserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  await change('#option-order', 'desc');
  await page.click('#copy');
  const copied = await page.evaluate(async () => [await navigator.clipboard.readText(), document.getElementById('command').textContent]);
  check(copied[0] === copied[1] && /--order desc$/.test(copied[0]), 'Copy puts the command line on the clipboard', copied.join(' | '));
  // An image pasted opens under its name, as a dropped one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-tool-'));
  try {
    const pasted = madeIn(dir, 'pasted.png', 'testsrc2=s=46x18', 'rgb24');
    await idle();
    let n = (await st()).settled;
    await page.evaluate((b64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'clip board.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, pasted.toString('base64'));
    await settledAfter(n);
    const after = await page.evaluate(() => [window.texsortPage.state.inputName, window.texsort.live.read().width,
                                             location.search]);
    check(after[0] === 'clip board.png' && after[1] === 46 && after[2] === '?key=saturation&order=desc',
          'a pasted image opens under its name (and the link no longer names a sample)', JSON.stringify(after));
    // A file the link cannot carry comes back from the page's memory: Undo, then Redo.
    await stepTo(() => page.click('#undo'));
    shownName = (await st()).inputName;
    s = await stepTo(() => page.click('#redo'));
    const again = await page.evaluate(() => [window.texsortPage.state.inputName, window.texsort.live.read().width]);
    check(shownName === 'astronaut.png' && again[0] === 'clip board.png' && again[1] === 46,
          'Undo and Redo bring back a pasted picture from memory', shownName + ' ' + JSON.stringify(again));
    // The split: the picture as opened over the sorted one, left of the slider's place.
    const split = await page.evaluate(() => {
      const slider = document.getElementById('split'), over = document.getElementById('original');
      slider.value = '40';
      slider.dispatchEvent(new Event('input'));
      const { width, height } = over;
      return { hidden: over.hidden, clip: over.style.clipPath, width, height,
               rgba: Array.from(over.getContext('2d').getImageData(0, 0, width, height).data),
               sorted: Array.from(window.texsort.live.read().rgba) };
    });
    const opened = pixels(pasted);
    check(!split.hidden && split.clip === 'inset(0px 60% 0px 0px)' && split.width === 46 &&
          Buffer.from(split.rgba).equals(opened) && !Buffer.from(split.sorted).equals(opened),
          'the split shows the picture as opened left of its place, the sorted one right',
          JSON.stringify({ ...split, rgba: split.rgba.length, sorted: split.sorted.length }));
    // A shipped preset loads into the controls (its earlier sorts first): the picture is the CLI's
    // with --preset NAME. Save recipe: the file it writes, given to the native program as --preset,
    // makes the CLI's picture of the page's options: one line of controls, or a preset's sorts.
    for (const preset of ['none', 'asdf', 'melt', 'rings', 'rays', 'static', 'weave']) {
      await idle();
      n = (await st()).settled;
      await page.select('#option-preset', preset);
      await settledAfter(n);  // choosing (even the same) sorts again: Save waits for it
      const saved = await page.evaluate(async () => {
        const click = HTMLAnchorElement.prototype.click;
        let href = null;
        HTMLAnchorElement.prototype.click = function () { href = this.href; };
        try { document.getElementById('save-recipe').click(); } finally { HTMLAnchorElement.prototype.click = click; }
        return { text: href && await (await fetch(href)).text(), args: window.texsortPage.state.sortArgs,
                 rgba: Array.from(window.texsort.live.read().rgba) };
      });
      fs.writeFileSync(path.join(dir, 'recipe.txt'), saved.text || '');
      const viaRecipe = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', '--preset', 'recipe.txt'], null, dir);
      const direct = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...saved.args], null, dir);
      check(viaRecipe.code === 0 && viaRecipe.stdout.equals(direct.stdout) && saved.args.length > 0,
            `Save recipe (${preset}) writes what --preset FILE reads as the page's options`, viaRecipe.stderr + (saved.text || 'no file'));
      if (preset === 'none') continue;
      const named = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', '--preset', preset], null, dir);
      check(!saved.args.includes('--preset') && named.code === 0 && named.stdout.equals(direct.stdout) &&
            pixels(named.stdout).equals(Buffer.from(saved.rgba)),
            `preset ${preset} loads into the controls and the picture is the CLI's --preset ${preset}`, saved.args.join(' '));
    }
    // A loaded preset stays editable: a control changed is its last sort's, after its earlier ones.
    await change('#option-key', 'red');
    const edited = await page.evaluate(() => ({ args: window.texsortPage.state.sortArgs,
                                                rgba: Array.from(window.texsort.live.read().rgba) }));
    const editedCli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...edited.args], null, dir);
    check(edited.args.indexOf('--then') > 0 && edited.args.at(-1) === 'red' && editedCli.code === 0 &&
          pixels(editedCli.stdout).equals(Buffer.from(edited.rgba)),
          'a loaded preset stays editable: its last sort changes, its first stays', edited.args.join(' '));
    // A file name a recipe cannot hold as one word (a blank splits it, '#' ends the line) is refused
    // by name, and no file is written.
    madeIn(dir, 'm#1.png', 'color=c=white:s=46x18', 'gray');
    await idle();
    n = (await st()).settled;
    await page.select('#option-preset', 'none');  // the preset's earlier sorts dropped
    await settledAfter(n);
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'm#1.png'));
    const withMask = (has) => page.waitForFunction((h) => window.texsortPage.state.sortArgs.includes('m#1.png') === h &&
                                                   !window.texsortPage.state.running, { timeout: 120000 }, has);
    await withMask(true);
    const refused = await page.evaluate(() => {
      try { return window.texsortPage.recipeText(); } catch (e) { return 'refused: ' + e.message; }
    });
    check(refused.startsWith('refused: ') && refused.includes("'m#1.png'"), "Save recipe refuses a name holding '#'", refused);
    await page.$eval('#option-mask', (c) => { c.value = ''; c.dispatchEvent(new Event('change', { bubbles: true })); });
    await withMask(false);
    // The mask brush paints as the desktop's does: every pixel whose centre lies within the radius
    // of the stroke's segment turns white (a model written here), and says how many changed.
    const capsule = (x0, y0, x1, y1, r) => {
      const mask = Buffer.alloc(46 * 18 * 4);
      for (let y = 0; y < 18; y++) {
        for (let x = 0; x < 46; x++) {
          const [px, py, dx, dy] = [x + 0.5 - x0, y + 0.5 - y0, x1 - x0, y1 - y0];
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
          const level = (px - t * dx) ** 2 + (py - t * dy) ** 2 <= r * r ? 255 : 0;
          mask.set([level, level, level, 255], 4 * (46 * y + x));
        }
      }
      return mask;
    };
    const fileOfPage = async (name) => Buffer.from(await page.evaluate((n) => {
      let text = '';
      for (const byte of window.texsort.readFile(n)) text += String.fromCharCode(byte);
      return btoa(text);
    }, name), 'base64');
    const stroke = await page.evaluate(() => window.texsort.live.brush('/stroke.png', 3.2, 4.7, 30.6, 12.1, 3.5, 255));
    const model = capsule(3.2, 4.7, 30.6, 12.1, 3.5), painted = pixels(await fileOfPage('/stroke.png'));
    const whites = [...Array(46 * 18).keys()].filter((i) => model[4 * i] === 255).length;
    check(painted.equals(model) && stroke.changed === whites, 'a brush stroke paints the pixels within its radius',
          `${JSON.stringify(stroke)}, model ${whites}`);
    // B turns the brush on; a drag on the picture paints the mask the command line names, and the
    // picture is the CLI's with that file.
    // A key typed in a field is the field's (ui/keys.js's one rule): B there is a letter, not the brush.
    await page.focus('#preset-name');
    await page.keyboard.press('KeyB');
    const typed = await page.evaluate(() => [document.getElementById('brush').checked, document.getElementById('preset-name').value]);
    await page.$eval('#preset-name', (c) => { c.value = ''; });
    check(!typed[0] && typed[1] === 'b', 'B typed in a field is the field\'s letter, not the brush', JSON.stringify(typed));
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('KeyB');
    check(await page.$eval('#brush', (c) => c.checked), 'B turns the brush on', '');
    await idle();
    await page.click('#brush-clear');
    await page.$eval('#brush-size', (c) => { c.value = '3'; c.dispatchEvent(new Event('input')); });
    const box = await page.$eval('#texsort-gl', (c) => {
      c.scrollIntoView();
      const b = c.getBoundingClientRect();
      return { left: b.left, top: b.top, scale: b.width / c.width };
    });
    const at = (x, y) => [box.left + x * box.scale, box.top + y * box.scale];
    await page.mouse.move(...at(4.5, 9));
    await page.mouse.down();
    await page.mouse.move(...at(40.5, 9), { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => window.texsortPage.state.sortArgs.includes('clip board-mask.png') &&
                               !window.texsortPage.state.running && !window.texsortPage.state.pending, { timeout: 120000 });
    const mask = await fileOfPage('/clip board-mask.png'), maskRgba = pixels(mask);
    const level = (x, y) => maskRgba[4 * (46 * y + x)];
    check(level(20, 9) === 255 && level(4, 9) === 255 && level(20, 1) === 0 && level(44, 9) === 0,
          'a drag paints along its path only', [level(20, 9), level(4, 9), level(20, 1), level(44, 9)].join(' '));
    fs.writeFileSync(path.join(dir, 'clip board-mask.png'), mask);
    const brushed = await page.evaluate(() => ({ args: window.texsortPage.state.sortArgs,
                                                 rgba: Array.from(window.texsort.live.read().rgba) }));
    const viaCli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...brushed.args], null, dir);
    check(viaCli.code === 0 && pixels(viaCli.stdout).equals(Buffer.from(brushed.rgba)),
          'the picture with a painted mask is the CLI\'s with the mask file', viaCli.stderr + brushed.args.join(' '));
    // The picture the CLI makes with the mask file the page names now, and the page's picture.
    const asTheCli = async () => {
      const shownNow = await page.evaluate(() => ({ args: window.texsortPage.state.sortArgs,
                                                    rgba: Array.from(window.texsort.live.read().rgba) }));
      const cli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...shownNow.args], null, dir);
      return cli.code === 0 && pixels(cli.stdout).equals(Buffer.from(shownNow.rgba));
    };
    const drag = async (from, to) => {
      await idle();
      const n0 = (await st()).settled;
      await page.mouse.move(...at(...from));
      await page.mouse.down();
      await page.mouse.move(...at(...to), { steps: 3 });
      await page.mouse.up();
      await settledAfter(n0);
      await idle();
    };
    // A stroke is an entry: Undo takes back the last one (the mask after the first comes back),
    // Redo brings it again.
    await drag([10.5, 1], [10.5, 16]);
    const secondMask = await fileOfPage('/clip board-mask.png');
    s = await stepTo(() => page.click('#undo'));
    const undoneMask = await fileOfPage('/clip board-mask.png');
    check(!pixels(secondMask).equals(maskRgba) && pixels(undoneMask).equals(maskRgba) &&
          s.args.includes('--mask clip board-mask.png') && await asTheCli(),
          'Undo takes back the last stroke of the brush', s.args);
    s = await stepTo(() => page.click('#redo'));
    check(pixels(await fileOfPage('/clip board-mask.png')).equals(pixels(secondMask)), 'Redo paints the stroke again', s.args);
    // A mask file chosen is where the brush starts, as on the desktop; painting never replaces the
    // chosen file, even one named as the painted mask would be.
    fs.rmSync(path.join(dir, 'clip board-mask.png'));  // the painted mask the CLI read before: now a file of the user's
    const chosen = madeIn(dir, 'clip board-mask.png', 'color=c=black:s=46x18,drawbox=x=0:y=0:w=23:h=18:color=white:t=fill', 'gray');
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'clip board-mask.png'));
    await settledAfter(n);
    await drag([34.5, 9], [42.5, 9]);
    const onChosen = await page.evaluate(() => window.texsortPage.state.sortArgs.join(' '));
    const paintedOnChosen = pixels(await fileOfPage('/clip board-mask-2.png')), chosenRgba = pixels(chosen);
    const left = (x, y) => paintedOnChosen[4 * (46 * y + x)];
    fs.writeFileSync(path.join(dir, 'clip board-mask-2.png'), await fileOfPage('/clip board-mask-2.png'));
    check(onChosen.includes('--mask clip board-mask-2.png') && left(5, 3) === 255 && left(38, 9) === 255 &&
          left(38, 2) === 0 && pixels(await fileOfPage('/clip board-mask.png')).equals(chosenRgba) && await asTheCli(),
          'the brush paints on the mask chosen, into a file of its own', onChosen + ` ${left(5, 3)} ${left(38, 9)} ${left(38, 2)}`);
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--mask clip board-mask.png') && !s.args.includes('-2.png'), 'Undo brings back the mask chosen before the stroke', s.args);
    // Another mask chosen, then Undo back to the first: painting still never takes a chosen file's name.
    madeIn(dir, 'other.png', 'color=c=white:s=46x18', 'gray');
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'other.png'));
    await settledAfter(n);
    await stepTo(() => page.click('#undo'));
    await drag([34.5, 9], [42.5, 9]);
    const paintedAgain = await page.evaluate(() => window.texsortPage.state.sortArgs.join(' '));
    check(paintedAgain.includes('--mask clip board-mask-2.png') && pixels(await fileOfPage('/clip board-mask.png')).equals(chosenRgba),
          'after Undo the brush still paints into a file of its own', paintedAgain);
    // Save mask gives the painted file under the name the command line gives it.
    await catchNextDownload(page);
    await page.click('#brush-save');
    const saved = await page.evaluate(() => window.downloaded.join(' '));
    check(saved === 'clip board-mask-2.png', 'Save mask names the file as the command line does', saved);
    // A field chosen is a step too: Undo after Reset brings it back with the mask.
    madeIn(dir, 'f.png', 'testsrc2=s=46x18', 'rgb24');
    await stepTo(() => page.select('#option-path', 'flow'));
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-field')).uploadFile(path.join(dir, 'f.png'));
    await settledAfter(n);
    await stepTo(() => page.click('#reset'));
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--path flow --field f.png') && s.args.includes('--mask clip board-mask-2.png') && await asTheCli(),
          'Undo after Reset brings back the field and the mask', s.args);
    const inUse = await page.evaluate(() => ['mask', 'field'].map((name) => {
      const control = document.getElementById('option-' + name);
      const shown = control.parentElement.querySelector('output').value;  // and the input shows no other file
      return control.files.length && !shown.endsWith(control.files[0].name) ? `${shown} but ${control.files[0].name}` : shown;
    }).join(', '));
    check(inUse === 'in use: clip board-mask-2.png, in use: f.png', 'beside each file option, the file in use (the painted mask too)', inUse);
    // A file named as a folder of the page's file system: said, and the mask in use kept.
    fs.writeFileSync(path.join(dir, 'tmp'), chosen);
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'tmp'));
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('tmp: '), { timeout: 60000 });
    check((await page.evaluate(() => window.texsortPage.state.sortArgs.join(' '))).includes('--mask clip board-mask-2.png'),
          'a file named as a folder of the page is refused in words', await page.$eval('#status', (p) => p.textContent));
    await page.keyboard.press('KeyB');
    // Another picture opened: the mask painted on the last one goes with it.
    await stepTo(() => page.click('#sample-coffee'));
    const dropped = await page.evaluate(() => [window.texsortPage.state.inputName, window.texsortPage.state.sortArgs.join(' ')]);
    check(dropped[0] === 'coffee.png' && !dropped[1].includes('--mask'), 'another picture opened drops the mask painted on the last',
          dropped.join(': '));
    // Undo across the change of picture brings back the picture and the mask painted on it.
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--mask clip board-mask-2.png') && (await st()).inputName === 'clip board.png' && await asTheCli(),
          'Undo brings back the picture and its painted mask', s.args);
    await stepTo(() => page.click('#redo'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // The user's own presets: kept under a name, loaded into the controls when chosen, still there
  // after a reload.
  let n = (await st()).settled;
  await page.click('#reset');
  await settledAfter(n);
  await change('#option-key', 'green');
  await page.type('#preset-name', 'my green');
  await page.click('#keep');
  await change('#option-key', 'hue');
  await idle();
  n = (await st()).settled;
  await page.select('#my-presets', 'my green');
  await settledAfter(n);
  s = await shown();
  check(s.args === '--key green' && s.key === 'green', 'a kept preset loads its options into the controls',
        JSON.stringify(s));
  await stepTo(() => page.click('#undo'));
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => window.texsortPage?.state.sorted, { timeout: 120000 });
  const kept = await page.$$eval('#my-presets option', (o) => o.map((x) => x.value));
  check(kept.includes('my green'), 'a kept preset is there after a reload', kept.join(', '));
  // The entries after the one reloaded are still there for Redo.
  s = await shown();
  check(s.args === '--key hue' && !s.redo, 'Redo reaches the entries after the one reloaded', JSON.stringify(s));
  s = await stepTo(() => page.click('#redo'));
  check(s.args === '--key green', 'Redo after a reload brings the next entry', JSON.stringify(s));
  // A link naming only a preset loads it into the controls, as choosing it does: the CLI's picture
  // with --preset NAME.
  const linkedPreset = await page.browser().newPage();
  await linkedPreset.goto(page.url().replace(/\?.*$/, '') + '?preset=rays', { waitUntil: 'load' });
  await linkedPreset.waitForFunction(() => window.texsortPage?.state.sorted, { timeout: 120000 });
  const viaLink = await linkedPreset.evaluate(() => ({ args: window.texsortPage.state.sortArgs.join(' '),
                                                      rgba: Array.from(window.texsort.live.read().rgba) }));
  const rays = runNative(['pixelsort', path.join(assets, 'astronaut.png'), '-o', '-', '-q', '--preset', 'rays']);
  check(viaLink.args.includes('--path radial') && pixels(rays.stdout).equals(Buffer.from(viaLink.rgba)),
        'a link naming a preset loads it', viaLink.args);
  await linkedPreset.close();
  // A link naming a preset and another option keeps both (the preset's earlier sorts, then the
  // option); a value below its option's range is said in the link note, the default kept.
  const linked = async (query) => {
    const other = await page.browser().newPage();
    await other.goto(page.url().replace(/\?.*$/, '') + query, { waitUntil: 'load' });
    await other.waitForFunction(() => { const st = window.texsortPage?.state; return st?.settled > 0 && !st.running && !st.pending; },
                                { timeout: 120000 });  // sorted, or an error said
    const seen = await other.evaluate(() => ({
      args: window.texsortPage.state.sortArgs.join(' '), preset: document.getElementById('option-preset').value,
      earlier: window.texsort.presetRecipe('asdf').split('\n').filter(Boolean).length - 1,
      note: document.getElementById('link-note').hidden ? '' : document.getElementById('link-note').textContent,
      status: document.getElementById('status').textContent, search: location.search }));
    await other.close();
    return seen;
  };
  const both = await linked('?preset=asdf&key=hue');
  check(both.preset === 'asdf' && both.earlier > 0 && both.args.split('--then').length === both.earlier + 1 &&
        both.args.endsWith('--then --lower 0.3 --upper 1 --key hue'), 'a link naming a preset and an option keeps both',
        JSON.stringify(both));
  // The option moves the preset's last sort: melt with its bound moved, weave's both sorts.
  const melted = await linked('?preset=melt&lower=0.4');
  check(melted.preset === 'melt' && melted.args === '--angle -90 --intervals edges --lower 0.4 --order desc',
        'a link naming a one-sort preset and an option is the preset with that option', JSON.stringify(melted));
  check(melted.search === '?image=astronaut&preset=melt&lower=0.4',
        'the URL under a preset names the preset and what differs from it', JSON.stringify(melted));
  const woven = await linked('?preset=weave&key=luma');
  check(woven.args === '--direction vertical --key saturation --lower 0.35 --upper 0.65 --invert --then ' +
        '--intervals random --span-length 40 --seed 3', 'a link naming a preset and its default key keeps both sorts',
        JSON.stringify(woven));
  const shuffled = await linked('?path=spiral&key=shuffle&seed=9');
  check(shuffled.args === '--path spiral --seed 9 --key shuffle', 'a link\'s seed for --key shuffle is kept and shown',
        JSON.stringify(shuffled));
  const below = await linked('?intervals=random&seed=-5');
  check(below.args === '--intervals random' && below.note.includes('seed=-5 (the page uses 0)') && !/error/i.test(below.status),
        'a link value below its range is said, the default kept', JSON.stringify(below));
  check(problems.length === 0, 'no console error', problems.join('; '));
}

async function suitePixels(page) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-'));
  try {
    const inputs = makeInputs(dir);
    const cases = [];
    for (const [name, bytes] of Object.entries(inputs)) {
      cases.push([name, ['sort', '-', '-o', '-'], bytes]);
      if (name === 'astronaut') continue;
      for (const algo of ['bitonic', 'bitonic-legacy', 'oddeven-merge', 'bitonic-fast', 'radix'])
        cases.push([name, ['sort', '-', '-o', '-', '--algo', algo, '--order', 'desc'], bytes]);
      cases.push([name, ['sort', '-', '-o', '-', '--algo', 'transposition'], bytes]);
    }
    const pixelOptions = [
      [], ['--angle', '30'], ['--direction', 'vertical', '--key', 'hue', '--order', 'desc', '--lower', '0.1', '--upper', '0.9'],
      ['--intervals', 'none', '--max-span', '7', '--key', 'saturation'], ['--intervals', 'edges', '--lower', '0.3'],
      ['--intervals', 'random', '--span-length', '5', '--seed', '3', '--key', 'lightness'],
      ['--intervals', 'waves', '--span-length', '6', '--angle', '45', '--key', 'intensity'],
      ['--skip', '50', '--seed', '9', '--lower', '0', '--upper', '1', '--key', 'min'],
      ['--angle', '-60', '--key', 'max', '--algo', 'bitonic'], ['--key', 'red', '--algo', 'oddeven-merge'],
      ['--key', 'green', '--algo', 'bitonic-fast'], ['--key', 'blue', '--algo', 'bitonic-legacy', '--angle', '180'],
    ];
    for (const name of ['odd RGBA 37x23', 'grey+alpha 37x23', 'RGB 45x17'])
      for (const options of pixelOptions) cases.push([name, ['pixelsort', '-', '-o', '-', ...options], inputs[name]]);
    cases.push(['astronaut', ['pixelsort', '-', '-o', '-', '--angle', '30'], inputs.astronaut]);
    // Bad input and bad values: the same exit code and the same one line.
    const notAnImage = Buffer.from('this is not an image\n');
    cases.push(['text', ['sort', '-', '-o', '-'], notAnImage]);
    cases.push(['text', ['pixelsort', '-', '-o', '-'], notAnImage]);
    cases.push(['nothing', ['sort', '-', '-o', '-'], Buffer.alloc(0)]);
    cases.push(['RGB 45x17', ['pixelsort', '-', '-o', '-', '--lower', '0.9', '--upper', '0.1'], inputs['RGB 45x17']]);
    cases.push(['RGB 45x17', ['pixelsort', '-', '-o', '-', '--key', 'colour'], inputs['RGB 45x17']]);
    cases.push(['RGB 45x17', ['sort', '-', '-o', '-', '--order', 'sideways'], inputs['RGB 45x17']]);
    cases.push(['RGB 45x17', ['sort', '-', '-o', '-', '--no-such-option'], inputs['RGB 45x17']]);

    // A mask: the same picture as a file in the page's memory and on disk (@mask in the arguments).
    const mask = madeIn(dir, 'mask.png', "nullsrc=s=45x17,format=rgb24,geq=r='255*gt(mod(X+Y,9),3)':g='r(X,Y)':b='r(X,Y)'", 'rgb24');
    await page.evaluate((b64) => window.texsort.writeFile('/mask.png', Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))),
                        mask.toString('base64'));
    cases.push(['RGB 45x17', ['pixelsort', '-', '-o', '-', '--intervals', 'mask', '--mask', '@mask'], inputs['RGB 45x17']]);
    cases.push(['RGB 45x17', ['pixelsort', '-', '-o', '-', '--mask', '@mask', '--angle', '30', '--key', 'hue'], inputs['RGB 45x17']]);

    for (const [name, args, input] of cases) {
      const label = `${args.filter((a) => a !== '-' && a !== '-o').join(' ')} on ${name}`;
      const web = await runWeb(page, args.map((a) => (a === '@mask' ? '/mask.png' : a)), input);
      const nativeArgs = args.map((a) => (a === '@mask' ? path.join(dir, 'mask.png') : a));
      const nat = runNative([...nativeArgs, '-q'].filter((a, i, all) => !(a === '-q' && all.includes('--no-such-option'))), input);
      if (web.code !== nat.code) { check(false, label, `exit ${web.code}, native ${nat.code}: ${web.stderr}`); continue; }
      if (nat.code !== 0) {
        const firstLine = (s) => s.split('\n')[0];
        check(firstLine(web.stderr) === firstLine(nat.stderr), label, `"${firstLine(web.stderr)}" vs "${firstLine(nat.stderr)}"`);
        check(web.stdout.length === 0, label + ': nothing on standard output', `${web.stdout.length} bytes`);
        continue;
      }
      const same = pngHeader(web.stdout) === pngHeader(nat.stdout) && pixels(web.stdout).equals(pixels(nat.stdout));
      check(same, label, `${pngHeader(web.stdout)} vs ${pngHeader(nat.stdout)}, pixels differ`);
    }
    const record = await runWeb(page, ['record', '-', '-o', '-', '--format', 'gif'], inputs['RGB 45x17']);
    check(record.code === 6 && /record needs ffmpeg/.test(record.stderr), 'record says it needs the desktop', record.stderr);
    // Clips go through ffmpeg, which the module does not link: one line naming the output and where clips are made.
    const clip = await runWeb(page, ['pixelsort', '-', '-o', 'out.mp4'], inputs['RGB 45x17']);
    check(clip.code === 2 && /^texsort: error: out\.mp4: a clip \(mp4\) is made in the page's clip player/.test(clip.stderr) &&
          clip.stderr.trim().split('\n').length === 1 && clip.stdout.length === 0, 'a clip out says where clips are made', clip.stderr);
    const video = await runWeb(page, ['bench', '--video']);
    check(video.code === 6 && /bench --video needs ffmpeg/.test(video.stderr), 'bench --video says it needs the desktop', video.stderr);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Watch the sort: the page's picture at pass k (overlays included) is the desktop's recording of
// pass k, pixel for pixel; the keys and buttons move through the passes.
async function suiteWatch(page) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-watch-'));
  try {
    const input = makeInputs(dir)['RGB 45x17'];
    const image = path.join(dir, 'rgb.png');
    await page.waitForFunction(() => window.texsortPage.state.sorted, { timeout: 120000 });
    await page.evaluate(async (b64) => {
      await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'rgb.png');
    }, input.toString('base64'));
    await page.click('input[value=watch]');
    const shownRgb = async () => Buffer.from(await page.evaluate(() => {
      const c = document.getElementById('watch-canvas');
      const rgba = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let text = '';
      for (let i = 0; i < rgba.length; i += 4) text += String.fromCharCode(rgba[i], rgba[i + 1], rgba[i + 2]);
      return btoa(text);
    }), 'base64');
    const recorded = (algo, pass, overlay) => {
      const video = path.join(dir, 'pass.mkv');
      const r = spawnSync(native, ['record', image, '-o', video, '--algo', algo, '--from', String(pass), '--to', String(pass),
                                   '--no-caption', '--hold', '0', '-q', ...(overlay ? ['--overlay', overlay] : [])]);
      if (r.status !== 0) throw new Error('native record: ' + r.stderr.toString());
      return spawnSync('ffmpeg', ['-v', 'error', '-i', video, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
                       { maxBuffer: 1 << 26 }).stdout;
    };
    for (const algo of ['bitonic', 'oddeven-merge', 'bitonic-fast', 'bitonic-wide', 'radix']) {
      await page.select('#watch-algo', algo);
      const passes = await page.evaluate(() => window.texsortPage.watch.passes);
      for (const [pass, overlay] of [[1, null], [Math.floor(passes / 2), 'roles'], [passes - 1, 'changed'], [passes, null]]) {
        await page.evaluate((p, roles, changed) => {
          document.getElementById('watch-roles').checked = roles;
          document.getElementById('watch-changed').checked = changed;
          window.texsortPage.go(p);
        }, pass, overlay === 'roles', overlay === 'changed');
        const shown = await shownRgb(), want = recorded(algo, pass, overlay);
        // The elements' colours are exact; an overlay is a float blend on the GPU, whose rounding to
        // 8 bits may differ by one between two renderers (SwiftShader here, llvmpipe natively).
        let worst = shown.length === want.length ? 0 : 255;
        for (let i = 0; i < Math.min(shown.length, want.length); i++) worst = Math.max(worst, Math.abs(shown[i] - want[i]));
        check(worst <= (overlay ? 1 : 0), `watch ${algo}: pass ${pass} of ${passes}${overlay ? ' with ' + overlay : ''} ` +
              `is the desktop's picture${overlay ? ' (within 1 of 255)' : ''}`, `a channel differs by ${worst}`);
        if (overlay === 'roles' && (algo === 'bitonic' || algo === 'oddeven-merge')) {  // one step a pass: roles to show
          const plain = recorded(algo, pass, null);
          check(!plain.equals(shown), `watch ${algo}: the roles overlay shows`, 'the picture is the plain state');
        }
      }
    }
    // The keys act when no field has focus; on a focused list they are the list's.
    await page.evaluate(() => window.texsortPage.go(0));
    await page.focus('#watch-algo');
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    const listKept = await page.evaluate(() => window.texsortPage.watch.pass === 0 && !window.texsortPage.watch.playing);
    check(listKept, 'Space on a focused list is the list\'s, not Play', '');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.click('#watch-step');
    const stepped = await page.evaluate(() => [window.texsortPage.watch.pass, document.getElementById('watch-count').value]);
    check(stepped[0] === 3 && /^pass 3 of \d+$/.test(stepped[1]), 'two right arrows and Step reach pass 3', stepped.join(', '));
    // A step is timed on the GPU by the timer query the browser exposes, its result shown once in.
    await page.waitForFunction(() => /on the GPU \(timer query\)$/.test(document.getElementById('watch-time').textContent),
                               { timeout: 120000 });
    const timed = await page.evaluate(() => [document.getElementById('watch-time').textContent, window.texsort.watch.gpuTimed(3)]);
    check(timed[1] > 0 && timed[0] === `this pass: ${timed[1].toFixed(3)} ms on the GPU (timer query)`,
          'a stepped pass shows its GPU time from the timer query', timed.join(' | '));
    await page.keyboard.press('End');
    const ended = await page.evaluate(() => window.texsortPage.watch.pass === window.texsortPage.watch.passes);
    check(ended, 'End reaches the sorted state', '');
    // Play with a speed out of range says so and stays where it is (it rewound to pass 0).
    await page.$eval('#watch-speed', (c) => { c.value = '0'; });
    await page.click('#watch-play');
    await page.waitForFunction(() => /give a number from 0.5 to 240/.test(document.getElementById('watch-status').textContent),
                               { timeout: 120000 });
    const stayed = await page.evaluate(() => window.texsortPage.watch.pass === window.texsortPage.watch.passes);
    check(stayed, 'Play at 0 passes a second says so and leaves the pass shown', '');
    await page.$eval('#watch-speed', (c) => { c.value = '20'; });
    const title = await page.$eval('#watch-title', (t) => t.textContent);
    check(title.startsWith('radix'), 'the pass is named as the desktop viewer names it', title);
    // A newcomer's line in plain words, in the sort's own order: a descending sort's last pass puts
    // the brighter pixels first (its network sorts the turned-over key ascending).
    await page.select('#watch-algo', 'bitonic');
    await page.select('#watch-order', 'desc');
    await page.evaluate(() => window.texsortPage.go(window.texsortPage.watch.passes));
    const plain = await page.$eval('#watch-plain', (t) => t.textContent);
    check(/^Every pixel looks at the one 1 place away; .*the whole picture runs one way, brighter first\.$/.test(plain),
          'the plain words tell a descending sort\'s last pass as brighter first', plain);
    // Sound: a tone a pass, pitched as record --sound pitches it, from the pixels the pass moved.
    const tone = await page.evaluate(() => {
      const page = window.texsortPage, t = window.texsort.watch;
      page.go(4);
      let oscillators = 0;
      const create = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () { oscillators++; return create.call(this); };
      document.getElementById('watch-sound').click();
      document.getElementById('watch-step').click();
      AudioContext.prototype.createOscillator = create;
      const picture = (pass) => { t.seek(pass); return t.picture({}).data; };
      const [before, after] = [picture(4), picture(5)];
      let moved = 0, luma = 0;
      for (let i = 0; i < after.length; i += 4) {
        if (after[i] === before[i] && after[i + 1] === before[i + 1] && after[i + 2] === before[i + 2]) continue;
        moved++;
        luma += 299 * after[i] + 587 * after[i + 1] + 114 * after[i + 2];
      }
      page.go(page.watch.pass);
      return { oscillators, sounded: page.watch.sounded, frequency: 220 * Math.pow(4, luma / moved / 255000),
               amplitude: 0.15 + 0.45 * Math.sqrt(moved / (after.length / 4)) };
    });
    check(tone.oscillators === 1 && Math.abs(tone.sounded.frequency - tone.frequency) < 1e-6 &&
          Math.abs(tone.sounded.amplitude - tone.amplitude) < 1e-9,
          'Sound plays a pass\'s tone, pitched by the pixels it moved as record --sound pitches them', JSON.stringify(tone));
    // A small copy (at most 8x8): the sort as its comparator network, as the desktop draws it. The
    // comparators are bitonic's (a model written here), the wires at pass 0 hold the copy's pixels in
    // order, at the end they run by luma (ties by place, padding last); the counters add up the
    // comparators run.
    await page.select('#watch-order', 'asc');
    await page.select('#watch-algo', 'bitonic');
    await page.click('#watch-small');
    const net = await page.evaluate(() => {
      const page = window.texsortPage, t = window.texsort.watch;
      page.go(0);
      const first = t.network(), data = t.picture({}).data, picture = [];
      for (let i = 0; i < data.length; i += 4) picture.push('#' + [0, 1, 2].map((c) => data[i + c].toString(16).padStart(2, '0')).join(''));
      page.go(page.watch.passes);
      return { first, picture, last: t.network(), counters: t.counters(), passes: page.watch.passes,
               shown: !document.getElementById('watch-network').hidden && !document.getElementById('watch-bars').hidden };
    });
    const bitonicColumns = (n) => {
      const columns = [];
      for (let k = 2; k <= n; k *= 2) {
        for (let j = k / 2; j >= 1; j /= 2) {
          const column = [];
          for (let i = 0; i < n; i++) if ((i ^ j) > i) column.push({ low: i, high: i ^ j, up: (i & k) === 0 });
          columns.push(column);
        }
      }
      return columns;
    };
    const model = bitonicColumns(net.first?.n || 0);
    const sameColumns = net.first && net.first.columns.length === model.length && net.passes === model.length &&
      net.first.columns.every((col, k) => JSON.stringify(col.map(({ low, high, up }) => ({ low, high, up }))) === JSON.stringify(model[k]));
    check(net.shown && sameColumns, 'a small copy draws its bitonic network, a column per pass',
          JSON.stringify({ n: net.first?.n, columns: net.first?.columns.length, passes: net.passes }));
    const pixelsInOrder = net.picture.every((rgb, i) => net.first.wires[i].rgb === rgb && net.first.wires[i].index === i) &&
                          net.first.wires.slice(net.picture.length).every((w) => w.index === null);
    const real = net.last.wires.filter((w) => w.index !== null);
    const byLuma = real.length === net.picture.length && real.every((w, i) => i === 0 || real[i - 1].luma < w.luma ||
                   (real[i - 1].luma === w.luma && real[i - 1].index < w.index)) &&
                   net.last.wires.slice(real.length).every((w) => w.index === null);
    check(pixelsInOrder && byLuma, 'its wires hold the pixels in place at pass 0 and by luma at the end',
          JSON.stringify(net.last.wires.slice(0, 6)));
    const comparators = model.reduce((sum, col) => sum + col.length, 0);
    check(net.counters.compareExchanges === comparators && net.counters.inOrder === 100 && net.counters.settled === 100,
          'the counters add up every comparator run and end in order', JSON.stringify(net.counters));
    await page.select('#watch-algo', 'radix');
    const noNetwork = await page.$eval('#watch-status', (p) => p.textContent);
    check(/no network or bars to draw/.test(noNetwork), 'a small copy of a sort that is no comparator network says so', noNetwork);
    await page.click('#watch-small');
    // Transposition has a pass per pixel: the astronaut (262,144) is watched as a 64x64 copy, said so.
    await page.evaluate(async (b64) => {
      await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'astronaut.png');
    }, fs.readFileSync(path.join(assets, 'astronaut.png')).toString('base64'));
    await page.select('#watch-algo', 'transposition');
    const small = await page.evaluate(() => [window.texsortPage.watch.passes, document.getElementById('watch-status').textContent,
                                             document.getElementById('watch-canvas').width]);
    check(small[0] === 4096 && /a copy at most 64 pixels a side/.test(small[1]) && small[2] === 64,
          'transposition watches a 64x64 copy of a large picture, and says so', JSON.stringify(small));
    // Watch draws on the page's WebGL canvas and copies from there: back in Pixel sort, that canvas
    // shows the live picture again.
    await page.waitForFunction(() => window.texsortPage.state.sorted && !window.texsortPage.state.running, { timeout: 120000 });
    const back = await page.evaluate(() => {
      document.querySelector('input[value=pixelsort]').click();
      const shown = window.texsort.live.read();
      window.texsort.live.draw(false);
      const fresh = window.texsort.live.read();
      return shown.width === fresh.width && shown.rgba.length > 0 && shown.rgba.every((v, i) => v === fresh.rgba[i]);
    });
    check(back, 'back in Pixel sort, the canvas shows its own picture again', '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Save clip clicked and waited for: resolves once the save has ended (state.savedClip set, or the
// status says why not).
async function saveClipNow(page, timeout = 300000) {
  await page.evaluate(() => { window.texsortPage.state.savedClip = null; });
  await page.click('#clip-save');
  await page.waitForFunction(() => !window.texsortPage.state.savingClip, { timeout });
}

// A clip in the page (clip suite): a VP9 WebM of odd sides and an H.264 MP4 made by ffmpeg's testsrc2 play
// sorted, their frames going from the decoder to the sort on the GPU (no read-back of a frame's
// pixels while playing), and for 5 frames each the picture drawn is the native CLI's sort of that
// frame's pixels as the page decoded them, and Save PNG gives the CLI's file for it.
async function suiteClip(page, problems) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-clip-'));
  const fps = 10;
  await page.evaluate(() => {
    window.texsortPage.state.keepSavedFrames = true;  // the frames Save clip decoded, for the checks
  });
  const clips = [['my clip.webm', ['-vf', 'scale=95:63', '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0']],  // odd sides
                 ['clip.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast']]];
  try {
    for (const [name, codec] of clips) {
      const file = path.join(dir, name);
      const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=96x64:r=${fps}:d=1.5`, ...codec,
                                        '-pix_fmt', 'yuv420p', file]);
      if (made.status !== 0) throw new Error('ffmpeg: ' + made.stderr.toString());
      const n0 = await page.evaluate(() => ((window.texsortPage.counters.readBacks = 0), window.texsortPage.state.settled));
      await (await page.$('#file')).uploadFile(file);
      // It plays: frames after the first are sorted and drawn as they come.
      await page.waitForFunction((n, opened) => window.texsortPage.state.settled > n &&
                                 window.texsortPage.state.clip?.name === opened && window.texsortPage.state.clip.shown >= 3,
                                 { timeout: 120000 }, n0, name);
      const playing = await page.evaluate(() => ({ bar: !document.getElementById('clip-bar').hidden,
                                                   command: document.getElementById('command').textContent,
                                                   shown: window.texsortPage.state.clip.shown, readBacks: window.texsortPage.counters.readBacks }));
      const output = name.endsWith('.webm') ? 'sorted.mkv' : 'sorted.webm';  // the WebM's odd sides: VP9 in Matroska
      check(playing.bar && playing.command.startsWith(`texsort pixelsort ${name.includes(' ') ? `'${name}'` : name} -o ${output}`),
            name + ': the clip plays sorted, with its command line', JSON.stringify(playing));
      check(playing.shown >= 3 && playing.readBacks === 0, `${name}: its frames go to the sort on the GPU, none read back`,
            JSON.stringify(playing));
      await page.evaluate(() => window.texsortPage.state.clip.clip.pause());
      // Paused, the page compiles ahead as for a picture: a first new key then links no program.
      await page.waitForFunction(() => window.texsortPage.state.warmLeft === 0, { timeout: 600000, polling: 250 });
      const linked = await page.evaluate(() => {
        const proto = WebGL2RenderingContext.prototype, link = proto.linkProgram;
        window.linkedNow = 0;
        proto.linkProgram = function (...a) { window.linkedNow++; return link.apply(this, a); };
        window.linkProgramAsBuilt = link;
        return window.texsortPage.state.settled;
      });
      await page.select('#option-key', 'hue');
      await page.waitForFunction((n) => window.texsortPage.state.settled > n && !window.texsortPage.state.running,
                                 { timeout: 120000 }, linked);
      const links = await page.evaluate(() => {
        WebGL2RenderingContext.prototype.linkProgram = window.linkProgramAsBuilt;
        return window.linkedNow;
      });
      check(links === 0, `${name}: paused, the programs of a new key are made ahead`, `${links} programs linked`);
      let last = null;
      for (let k = 0; k < 5; k++) {
        const time = (k + 0.5) / fps;
        const before = await page.evaluate(() => window.texsortPage.state.settled);
        await page.evaluate((t) => window.texsortPage.state.clip.clip.seek(t), time);
        await page.waitForFunction((n, t) => {
          const st = window.texsortPage.state;
          return st.settled > n && !st.running && !st.pending && Math.abs(st.clip.frame.time - t) < 1e-3;
        }, { timeout: 120000 }, before, time);
        const shown = await page.evaluate(async () => {
          const st = window.texsortPage.state;
          const saved = await window.texsortPage.savedPng();
          const v = st.clip.clip.video, decoded = window.texsortPage.pixelsOf(v, v.videoWidth, v.videoHeight).rgba;
          return { args: st.sortArgs, drawn: Array.from(window.texsort.live.read().rgba), frame: Array.from(st.clip.frame.rgba),
                   width: st.clip.frame.width, height: st.clip.frame.height, saved: Array.from(saved),
                   decoded: decoded.every((b, i) => b === st.clip.frame.rgba[i]) };
        });
        const cli = cliSortOf(dir, `frame${k}`, shown.frame, shown.width, shown.height, shown.args);
        const drawn = Buffer.from(shown.drawn);
        check(shown.args.join(' ') === '--key hue' && cli.equals(drawn) && !drawn.equals(Buffer.from(shown.frame)),
              `${name}: frame ${k} drawn is the CLI's sort of the frame the page decoded`, (cli.why || '') + shown.args.join(' '));
        check(pixels(Buffer.from(shown.saved)).equals(drawn), `${name}: Save PNG at frame ${k} is the CLI's file`, '');
        check(shown.decoded, `${name}: frame ${k} sorted is the frame the browser decodes (read on its own)`, '');
        check(last === null || !last.equals(Buffer.from(shown.frame)), `${name}: frame ${k} is a frame of its own`, '');
        last = Buffer.from(shown.frame);
      }
      await page.select('#option-key', 'luma');
    }
    // Save clip: a 10-frame clip as an animated PNG of 10 frames at its rate, each the CLI's file
    // for the frame the page decoded.
    const ten = path.join(dir, 'ten.webm');
    const madeTen = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=64x48:r=${fps}:d=1`, '-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0', ten]);
    if (madeTen.status !== 0) throw new Error('ffmpeg: ' + madeTen.stderr.toString());
    const openClipFile = async (file) => {
      const n = await page.evaluate(() => window.texsortPage.state.settled);
      await (await page.$('#file')).uploadFile(file);
      await page.waitForFunction((before, name) => window.texsortPage.state.settled > before && window.texsortPage.state.clip?.name === name &&
                                 window.texsortPage.state.clip.shown >= 1, { timeout: 120000 }, n, path.basename(file));  // a frame of it drawn
    };
    const openTen = () => openClipFile(ten);
    // A save cut short by another picture opened leaves Save clip working for the next clip. The
    // save is held at its second frame's sort (texsort.run waits for the test) while the picture
    // opens: it is under way then, however fast or slow the machine.
    await openTen();
    await page.evaluate(() => {
      const run = window.texsort.run;
      let calls = 0;
      window.releaseSave = null;
      window.texsort.run = async (...args) => {
        if (++calls === 2) await new Promise((resolve) => { window.releaseSave = resolve; });
        return run(...args);
      };
      window.restoreRun = () => { window.texsort.run = run; };
    });
    await page.click('#clip-save');
    await page.waitForFunction(() => window.releaseSave && window.texsortPage.state.savingClip, { timeout: 120000 });
    const n5 = await page.evaluate(() => window.texsortPage.state.settled);
    await page.click('#sample-coffee');
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && !window.texsortPage.state.clip, { timeout: 120000 }, n5);
    await page.evaluate(() => { window.restoreRun(); window.releaseSave(); });
    await page.waitForFunction(() => !window.texsortPage.state.savingClip, { timeout: 120000 });
    await openTen();
    await page.select('#option-key', 'hue');
    await page.select('#clip-format', 'png');
    await page.click('#clip-save');
    await page.waitForFunction(() => window.texsortPage.state.savedClip && !window.texsortPage.state.savingClip, { timeout: 300000 });
    const savedClip = await page.evaluate(() => {
      const { bytes, frames, decodedBy } = window.texsortPage.state.savedClip;
      return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.state.sortArgs, decodedBy };
    });
    const apng = path.join(dir, 'ten-sorted.png');
    fs.writeFileSync(apng, Buffer.from(savedClip.bytes));
    const decoded = spawnSync('ffmpeg', ['-v', 'error', '-f', 'apng', '-i', apng, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                              { maxBuffer: 1 << 28 });
    const rate = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=r_frame_rate', '-of', 'csv=p=0', apng]).stdout.toString().trim();
    const frameBytes = 64 * 48 * 4, apngFrames = decoded.stdout.length / frameBytes;
    let same = 0;
    savedClip.frames.forEach((frame, k) => {
      const cli = cliSortOf(dir, `ten${k}`, frame, 64, 48, savedClip.args);
      if (cli.equals(decoded.stdout.subarray(k * frameBytes, (k + 1) * frameBytes))) same += 1;
    });
    const distinct = new Set(savedClip.frames.map((f) => Buffer.from(f).toString('base64'))).size;
    check(savedClip.args.join(' ') === '--key hue' && apngFrames === 10 && savedClip.frames.length === 10 && same === 10 &&
          distinct === 10 && rate === '10/1' && savedClip.decodedBy === 'VideoDecoder',
          'Save clip: every frame (decoded by WebCodecs), each the CLI\'s sort of the frame decoded, as an animated PNG at the clip\'s rate',
          `${apngFrames} frames in the file, ${savedClip.frames.length} decoded by ${savedClip.decodedBy} (${distinct} distinct), ` +
          `${same} equal; rate ${rate}`);
    // Save clip's walk decodes with WebCodecs from the file's own frames (media/demux.js): an H.264 MP4
    // with B-frames (decoded out of order) and its colours named gives each frame k as the page's
    // <video> plays it at k's time (within 2 levels: the two paths round apart); one whose colours
    // are not named (which <video> and VideoDecoder guess apart) is stepped through the <video>.
    for (const [name, tags, by] of [['named.mp4', ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'], 'VideoDecoder'],
                                    ['unnamed.mp4', [], 'video']]) {
      const file = path.join(dir, name);
      const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=96x64:r=25:d=0.6', '-c:v', 'libx264', '-bf', '3',
                                        '-pix_fmt', 'yuv420p', ...tags, file]);
      if (made.status !== 0) throw new Error('ffmpeg: ' + made.stderr.toString());
      await openClipFile(file);
      const walked = await page.evaluate(async () => {
        const clip = window.texsortPage.state.clip.clip, frames = [];
        for (let k = 0; k < clip.count; k++) {
          const [walk, by] = [await clip.frameAt(clip.timeOf(k)), clip.decodedBy], played = await clip.seekedFrame(clip.timeOf(k));
          frames.push({ by, apart: walk.rgba.reduce((m, b, i) => Math.max(m, Math.abs(b - played.rgba[i])), 0),
                        b64: btoa(String.fromCharCode(...walk.rgba)) });
        }
        clip.walkEnd();
        clip.quiet = false;
        return frames;
      });
      const apart = Math.max(...walked.map((f) => f.apart)), distinct = new Set(walked.map((f) => f.b64)).size;
      check(walked.length === 15 && walked.every((f) => f.by === by) && apart <= 2 && distinct === 15,
            `${name}: Save clip's walk decodes by ${by}, each frame the one the page plays`,
            `${walked.length} frames by ${[...new Set(walked.map((f) => f.by))]}, ${distinct} distinct, at most ${apart} levels apart`);
    }
    // The same as WebM (VP9 by WebCodecs), of a clip whose hue turns a tenth a frame: 10 frames at
    // the clip's rate, each within the codec's loss of the CLI's sort of its decoded frame (luma
    // PSNR >= 35 dB, as codecs are measured) and nearer to it than to any other frame's sort;
    // the file plays in the page.
    const spin = path.join(dir, 'spin.webm');
    const madeSpin = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=64x48:r=${fps}:d=1,hue=H=2*PI*t`,
                                          '-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0', spin]);
    if (madeSpin.status !== 0) throw new Error('ffmpeg: ' + madeSpin.stderr.toString());
    await openClipFile(spin);
    await page.evaluate(() => { window.texsortPage.state.savedClip = null; });
    await page.select('#clip-format', 'webm');
    await catchNextDownload(page);
    await page.click('#clip-save');
    await page.waitForFunction(() => window.texsortPage.state.savedClip && !window.texsortPage.state.savingClip, { timeout: 300000 });
    const savedWebm = await page.evaluate(async () => {
      const { bytes, frames } = window.texsortPage.state.savedClip;
      const video = document.createElement('video');
      video.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
      const plays = await new Promise((resolve) => {
        video.onloadeddata = () => resolve(`${video.videoWidth}x${video.videoHeight} ${video.duration.toFixed(2)} s`);
        video.onerror = () => resolve('error ' + video.error?.message);
      });
      return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), plays, name: window.downloaded[0],
               args: window.texsortPage.state.sortArgs };
    });
    const webmFile = path.join(dir, 'spin-sorted.webm');
    fs.writeFileSync(webmFile, Buffer.from(savedWebm.bytes));
    const webmProbe = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames,r_frame_rate',
                                            '-of', 'csv=p=0', webmFile]).stdout.toString().trim();
    const webmFrames = spawnSync('ffmpeg', ['-v', 'error', '-i', webmFile, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                                 { maxBuffer: 1 << 28 }).stdout;
    const sorts = savedWebm.frames.map((frame, k) => cliSortOf(dir, `spin${k}`, frame, 64, 48, savedWebm.args));
    const lumaPsnr = sorts.map((cli, k) => lumaPsnrOf(cli, webmFrames.subarray(k * frameBytes, (k + 1) * frameBytes)));
    const nearest = sorts.map((_, k) => sorts.every((other, j) => j === k ||
      lumaPsnrOf(other, webmFrames.subarray(k * frameBytes, (k + 1) * frameBytes)) < lumaPsnr[k]));
    check(webmProbe === 'vp9,10/1,10' && webmFrames.length === 10 * frameBytes && lumaPsnr.every((p) => p >= 35) &&
          nearest.every(Boolean) && savedWebm.plays === '64x48 1.00 s' && savedWebm.name === 'spin-sorted.webm',
          'Save clip as WebM: every frame in its place at the clip\'s rate, within VP9\'s loss of the CLI\'s sort, playable',
          `${webmProbe}; ${webmFrames.length / frameBytes} frames; luma PSNR ${lumaPsnr.map((p) => p.toFixed(1)).join(' ')}; ` +
          `nearest its own sort ${nearest.join(' ')}; plays ${savedWebm.plays}; ${savedWebm.name}`);
    await openTen();
    await page.select('#clip-format', 'png');
    await page.select('#option-key', 'luma');
    // Keyframes: --lower 0.1 at the first frame and 0.7 at the last; the command line says
    // --animate, and the frames saved are the still sorts at each frame's value (linear between).
    const toFrame = async (k) => {
      await page.evaluate((t) => window.texsortPage.state.clip.clip.seek(t), (k + 0.5) / fps);
      await page.waitForFunction((i) => { const st = window.texsortPage.state; return st.clip.index === i && !st.running && !st.pending; },
                                 { timeout: 120000 }, k);
    };
    const keyLower = async (value) => {
      await page.$eval('#option-lower', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, value);
      await page.select('#key-option', 'lower');
      await page.click('#key-add');
    };
    await page.evaluate(() => window.texsortPage.state.clip.clip.pause());
    await page.evaluate(() => window.texsortPage.state.clip.clip.seek(1));  // the end: the last frame, 9
    await page.waitForFunction(() => window.texsortPage.state.clip.index === 9 && window.texsortPage.state.clip.frame.time === 1,
                               { timeout: 120000 });
    // Added out of order (the last frame's first): --animate lists them by frame.
    await toFrame(9);
    await keyLower('0.7');
    await toFrame(0);
    await keyLower('0.1');
    const keyed = await page.evaluate(() => document.getElementById('command').textContent);
    check(keyed === 'texsort pixelsort ten.webm -o sorted.mkv --animate lower=0:0.1,9:0.7',
          'keyframes added out of order are --animate on the command line, by frame', keyed);
    await saveClipNow(page);
    const swept = await page.evaluate(() => {
      const { bytes, frames } = window.texsortPage.state.savedClip;
      return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)) };
    });
    fs.writeFileSync(apng, Buffer.from(swept.bytes));
    const sweptFrames = spawnSync('ffmpeg', ['-v', 'error', '-f', 'apng', '-i', apng, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                                  { maxBuffer: 1 << 28 }).stdout;
    const stillAt = (k, lower) => cliSortOf(dir, `swept${k}`, swept.frames[k], 64, 48, ['--lower', String(lower)])
      .equals(sweptFrames.subarray(k * frameBytes, (k + 1) * frameBytes));
    check(sweptFrames.length === 10 * frameBytes && stillAt(0, 0.1) && stillAt(9, 0.7) && stillAt(4, 0.1 + (0.7 - 0.1) * (4 / 9)) &&
          !stillAt(4, 0.1), 'a threshold swept by keyframes: each frame saved is the still sort at its value', `${sweptFrames.length} bytes`);
    await page.click('#key-clear');
    await page.$eval('#option-lower', (el) => { el.value = '0.25'; el.dispatchEvent(new Event('input')); });
    // Record: what the page shows while it plays a clip with sound, as WebM with the sound, every
    // frame drawn in it (MediaRecorder may merge a few: at least 80 %), playable in the page.
    const noisy = path.join(dir, 'noisy.webm');
    const withSound = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=96x64:r=${fps}:d=1.5`, '-f', 'lavfi',
                                           '-i', 'sine=f=440:d=1.5', '-c:v', 'libvpx-vp9', '-c:a', 'libopus', '-shortest', noisy]);
    if (withSound.status !== 0) throw new Error('ffmpeg: ' + withSound.stderr.toString());
    const n3 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(noisy);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.clip?.name === 'noisy.webm' &&
                               window.texsortPage.state.clip.shown >= 2, { timeout: 120000 }, n3);
    await page.click('#clip-record');
    await page.waitForFunction(() => window.texsortPage.state.recording?.frames >= 2 * 10, { timeout: 120000 });
    await page.click('#clip-record');
    await page.waitForFunction(() => window.texsortPage.state.recorded, { timeout: 60000 });
    const recorded = await page.evaluate(async () => {
      const { blob, frames } = window.texsortPage.state.recorded;
      const video = document.createElement('video');
      video.src = URL.createObjectURL(blob);
      const plays = await new Promise((resolve) => {
        video.onloadeddata = () => resolve(`${video.videoWidth}x${video.videoHeight}`);
        video.onerror = () => resolve('error ' + video.error?.message);
      });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { frames, plays, b64: btoa(text), type: blob.type };
    });
    const webm = path.join(dir, 'recorded.webm');
    fs.writeFileSync(webm, Buffer.from(recorded.b64, 'base64'));
    const probe = spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_type,nb_read_frames',
                                        '-of', 'csv=p=0', webm]).stdout.toString().trim().split('\n');
    const videoFrames = Number(probe.find((l) => l.startsWith('video'))?.split(',')[1]);
    check(recorded.plays === '96x64' && videoFrames >= 0.8 * recorded.frames && probe.some((l) => l.startsWith('audio')),
          'Record keeps what the page showed, with the clip\'s sound, and it plays in the page',
          `${recorded.type} plays ${recorded.plays}; ${recorded.frames} frames drawn; ffprobe: ${probe.join(' ')}`);
    // A recording cut short by another picture opened is saved under its clip's name.
    await catchNextDownload(page);
    await page.click('#clip-record');
    await page.waitForFunction(() => window.texsortPage.state.recording?.frames >= 2, { timeout: 120000 });
    await page.click('#sample-coffee');
    await page.waitForFunction(() => window.downloaded.length > 0, { timeout: 120000 });
    const recordedName = await page.evaluate(() => window.downloaded[0]);
    // Its name is its own: Record keeps what was shown (NAME-recorded.webm), Save clip every frame
    // sorted (NAME-sorted.webm), so one never takes the other's place in the downloads.
    check(recordedName === 'noisy-recorded.webm', 'a recording keeps its clip\'s name when another picture opens, ' +
          'a name of its own beside Save clip\'s', recordedName);
    // A clip of one frame saves as one frame; a file of sound only is said in one line.
    const one = path.join(dir, 'one.webm'), sound = path.join(dir, 'sound.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=32x16:r=10', '-frames:v', '1', '-c:v', 'libvpx-vp9', one]);
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=f=440:d=1', '-c:a', 'libopus', sound]);
    const n6 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(one);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.clip?.name === 'one.webm' &&
                               window.texsortPage.state.clip.shown >= 1, { timeout: 120000 }, n6);  // not the coffee's settle
    await saveClipNow(page, 120000);
    const oneSaved = await page.evaluate(() => window.texsortPage.state.savedClip?.frames.length ?? document.getElementById('status').textContent);
    check(oneSaved === 1, 'Save clip of a clip of one frame gives one frame', String(oneSaved));
    const n7 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(sound);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && !window.texsortPage.state.clip, { timeout: 120000 }, n7);
    const soundOnly = await page.evaluate(() => ({ text: document.getElementById('status').textContent, bar: document.getElementById('clip-bar').hidden,
                                                   save: document.getElementById('save').disabled }));
    check(soundOnly.text === 'sound.webm: it holds no picture (sound only?)' && soundOnly.bar && soundOnly.save,
          'a file of sound only is said in one line, nothing to save', JSON.stringify(soundOnly));
    // An animated GIF plays as a clip: each frame as ffmpeg decodes it, stepped with the frame
    // buttons and drawn sorted; Save clip gives every frame at its delay, each the CLI's sort.
    const gif = path.join(dir, 'anim.gif');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=64x48:r=${fps}:d=1`, gif]);
    const gifFrames = spawnSync('ffmpeg', ['-v', 'error', '-i', gif, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 28 }).stdout;
    const gifFrame = (k) => gifFrames.subarray(k * frameBytes, (k + 1) * frameBytes);
    const n9 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(gif);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.clip?.name === 'anim.gif' &&
                               window.texsortPage.state.clip.shown >= 2, { timeout: 120000 }, n9);
    await page.evaluate(() => { window.texsortPage.state.clip.clip.pause(); window.texsortPage.state.clip.clip.seek(0.05); });
    await page.waitForFunction(() => window.texsortPage.state.clip.index === 0, { timeout: 120000 });
    for (const k of [1, 2]) {
      await page.click('#clip-next');
      await page.waitForFunction((i) => { const st = window.texsortPage.state; return st.clip.index === i && !st.running && !st.pending; },
                                 { timeout: 120000 }, k);
    }
    const stepped = await page.evaluate(() => ({ frame: Array.from(window.texsortPage.state.clip.frame.rgba), args: window.texsortPage.state.sortArgs,
                                                 drawn: Array.from(window.texsort.live.read().rgba), playing: window.texsortPage.state.clip.clip.playing,
                                                 command: document.getElementById('command').textContent }));
    check(gifFrames.length === 10 * frameBytes && gifFrame(2).equals(Buffer.from(stepped.frame)) && !stepped.playing &&
          cliSortOf(dir, 'gif2', stepped.frame, 64, 48, stepped.args).equals(Buffer.from(stepped.drawn)) &&
          stepped.command.startsWith('texsort pixelsort anim.gif -o sorted.mkv'),
          'an animated GIF plays as a clip: frame 2 stepped to is ffmpeg\'s frame 2, drawn as the CLI sorts it', stepped.command);
    // Under a preset with earlier sorts (asdf), each frame stepped to runs them again on that frame:
    // drawn as the CLI's sort of it with the preset's sorts.
    const nPreset = await page.evaluate(() => window.texsortPage.state.settled);
    await page.select('#option-preset', 'asdf');
    await page.waitForFunction((n) => { const st = window.texsortPage.state; return st.settled > n && !st.running && !st.pending; },
                               { timeout: 120000 }, nPreset);
    for (const k of [3, 4]) {
      await page.click('#clip-next');
      await page.waitForFunction((i) => { const st = window.texsortPage.state; return st.clip.index === i && !st.running && !st.pending; },
                                 { timeout: 120000 }, k);
      const under = await page.evaluate(() => ({ frame: Array.from(window.texsortPage.state.clip.frame.rgba),
                                                 args: window.texsortPage.state.sortArgs, drawn: Array.from(window.texsort.live.read().rgba) }));
      check(under.args.includes('--then') && gifFrame(k).equals(Buffer.from(under.frame)) &&
            cliSortOf(dir, `asdf${k}`, under.frame, 64, 48, under.args).equals(Buffer.from(under.drawn)),
            `a GIF's frame ${k} stepped to under a preset with earlier sorts is the CLI's sort of it`, under.args.join(' '));
    }
    const nReset = await page.evaluate(() => window.texsortPage.state.settled);
    await page.click('#reset');
    await page.waitForFunction((n) => { const st = window.texsortPage.state; return st.settled > n && !st.running && !st.pending; },
                               { timeout: 120000 }, nReset);
    await saveClipNow(page);
    const gifSaved = await page.evaluate(() => {
      const { bytes, frames } = window.texsortPage.state.savedClip;
      return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.state.sortArgs };
    });
    const gifApng = path.join(dir, 'anim-sorted.png');
    fs.writeFileSync(gifApng, Buffer.from(gifSaved.bytes));
    const gifSorted = spawnSync('ffmpeg', ['-v', 'error', '-f', 'apng', '-i', gifApng, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                                { maxBuffer: 1 << 28 }).stdout;
    const gifRate = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=r_frame_rate', '-of', 'csv=p=0', gifApng]).stdout.toString().trim();
    const gifSame = gifSaved.frames.filter((f, k) => gifFrame(k).equals(Buffer.from(f)) &&
      cliSortOf(dir, `gifs${k}`, f, 64, 48, gifSaved.args).equals(gifSorted.subarray(k * frameBytes, (k + 1) * frameBytes))).length;
    check(gifSaved.frames.length === 10 && gifSame === 10 && gifSorted.length === 10 * frameBytes && gifRate === '10/1',
          'Save clip of an animated GIF: every frame at its delay, each the CLI\'s sort of ffmpeg\'s frame',
          `${gifSaved.frames.length} frames, ${gifSame} equal, ${gifSorted.length / frameBytes} in the file, rate ${gifRate}`);
    // A GIF of uneven delays: its frames numbered as the command line numbers them (a key at its
    // last frame says 4), and Save clip keeps each frame's own delay.
    const uneven = path.join(dir, 'uneven.gif');
    // (Its first delay is 2/100 s, the shortest a GIF frame is shown for as it says.)
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=40x30:r=10:d=0.5', '-vf',
                         'settb=1/100,setpts=N*10-gte(N\\,1)*8+gte(N\\,2)*40', '-fps_mode', 'passthrough',
                         '-enc_time_base:v', '1/100', uneven]);
    const delaysOf = (file) => spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'packet=duration_time', '-of', 'csv=p=0', file])
      .stdout.toString().trim().split('\n').map(Number).join(' ');
    await openClipFile(uneven);
    await page.evaluate(() => { const clip = window.texsortPage.state.clip.clip; clip.pause(); clip.seek(clip.duration); });
    await page.waitForFunction(() => { const st = window.texsortPage.state; return st.clip.index === 4 && !st.running && !st.pending; },
                               { timeout: 120000 });
    await keyLower('0.7');
    const unevenKeyed = await page.evaluate(() => ({ command: document.getElementById('command').textContent, count: window.texsortPage.state.clip.clip.count }));
    // A keyed value Save clip cannot sort with names its frame, as the CLI's --animate does.
    const setUpper = (v) => page.$eval('#option-upper', (el, value) => { el.value = value; el.dispatchEvent(new Event('input')); }, v);
    await setUpper('0.5');
    await page.waitForFunction(() => { const st = window.texsortPage.state; return st.stale && !st.running && !st.pending; }, { timeout: 120000 });
    await page.click('#clip-save');
    await page.waitForFunction(() => !window.texsortPage.state.savingClip, { timeout: 120000 });  // busy from the click on
    const keyedError = await page.evaluate(() => document.getElementById('status').textContent);
    check(/^--animate: at frame 0: .*--lower 0\.7/.test(keyedError), 'Save clip names the frame a keyed value cannot sort', keyedError);
    await setUpper('0.8');
    await page.click('#key-clear');
    await page.$eval('#option-lower', (el) => { el.value = '0.25'; el.dispatchEvent(new Event('input')); });
    await saveClipNow(page);
    const unevenApng = path.join(dir, 'uneven-sorted.png');
    fs.writeFileSync(unevenApng, Buffer.from(await page.evaluate(() => Array.from(window.texsortPage.state.savedClip.bytes))));
    check(unevenKeyed.count === 5 && unevenKeyed.command.endsWith('--animate lower=4:0.7') && delaysOf(unevenApng) === delaysOf(uneven) &&
          delaysOf(uneven) === '0.02 0.5 0.1 0.1 0.1',
          'a GIF of uneven delays: frames numbered as the CLI does, each saved for its own delay',
          `${unevenKeyed.count} frames; ${unevenKeyed.command}; delays ${delaysOf(unevenApng)} for ${delaysOf(uneven)}`);
    // The animated PNG loops forever, as the clip played in the page did (acTL's num_plays 0).
    const saved = fs.readFileSync(unevenApng), actl = saved.indexOf('acTL');
    check(actl > 0 && saved.readUInt32BE(actl + 4) === 5 && saved.readUInt32BE(actl + 8) === 0,
          'Save clip\'s animated PNG loops forever', actl > 0 ? `plays ${saved.readUInt32BE(actl + 8)}` : 'no acTL');
    // While a clip plays, the frame number shown (and the keys' values) is the frame sorted: a clip
    // whose frame N has alpha 10 N + 5 is sampled at each frame it draws.
    const counted = path.join(dir, 'counted.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=32x16:r=${fps}:d=2`, '-vf',
                         "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='10*N+5'", '-c:v', 'libvpx-vp9', '-pix_fmt', 'yuva420p', counted]);
    await openClipFile(counted);
    const numbered = await page.evaluate(async () => {
      const st = window.texsortPage.state, samples = [];
      st.clip.clip.play();
      for (let last = st.settled; samples.length < 8;) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (st.settled === last || st.running || st.pending) continue;
        last = st.settled;
        samples.push([st.clip.index, window.texsort.live.source().rgba[3]]);
      }
      return samples;
    });
    check(numbered.every(([k, alpha]) => Math.round((alpha - 5) / 10) === k), 'a clip playing numbers each frame it sorts as that frame',
          JSON.stringify(numbered));
    // Paused (three times, wherever playing had got to): the frame number, the frame sorted and the
    // clock agree, so a step goes to the next frame; a step on from the last frame stays there.
    const settledPause = () => page.evaluate(async () => {
      const st = window.texsortPage.state, clip = st.clip.clip;
      clip.pause();
      const since = st.settled;
      while (st.settled === since || st.running || st.pending) await new Promise((resolve) => requestAnimationFrame(resolve));
      return [st.clip.index, Math.round((window.texsort.live.source().rgba[3] - 5) / 10), clip.indexAt(clip.video.currentTime)];
    });
    const paused = [];
    for (let i = 0; i < 3; i++) {
      paused.push(await settledPause());
      await page.evaluate(() => window.texsortPage.state.clip.clip.play());
      await page.waitForFunction((k) => window.texsortPage.state.clip.index !== k, { timeout: 120000 }, paused[i][0]);
    }
    const lastStep = await page.evaluate(async () => {
      const st = window.texsortPage.state, clip = st.clip.clip, at = [];
      const stepTo = async (n) => {  // a step seeks, to the frame it is on too, and the frame sought settles
        const since = st.settled;
        clip.step(n);
        while (st.settled === since || st.running || st.pending) await new Promise((resolve) => requestAnimationFrame(resolve));
        at.push(st.clip.index);
      };
      await stepTo(1);
      await stepTo(clip.count);
      await stepTo(1);
      return { at, count: clip.count };
    });
    check(paused.every(([k, sorted, clock]) => k === sorted && k === clock) &&
          lastStep.at[1] === lastStep.count - 1 && lastStep.at[2] === lastStep.count - 1,
          'paused, the frame number, the frame sorted and the clock agree; a step on from the last frame stays there',
          `${JSON.stringify(paused)} (number, sorted, clock); steps ${lastStep.at} of ${lastStep.count}`);
    // A clip whose first frame comes at 1 s (WebM, and MP4 with B-frames behind an edit list's
    // empty edit): numbered from that frame as the CLI numbers them, as many frames as the CLI
    // writes, each its own (no frozen lead-in of the first frame).
    for (const name of ['late.webm', 'late.mp4']) {
      const file = path.join(dir, name), out = path.join(dir, `${name}.mkv`);
      const codec = name.endsWith('.webm') ? ['-c:v', 'libvpx-vp9'] : ['-c:v', 'libx264', '-bf', '3', '-pix_fmt', 'yuv420p'];
      spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=96x64:r=${fps}:d=1`, ...codec, '-output_ts_offset', '1', file]);
      spawnSync(path.resolve(native), ['pixelsort', file, '-o', out, '-q']);
      const cliFrames = Number(spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0',
                                                     out]).stdout.toString().trim());
      await openClipFile(file);
      const late = await page.evaluate(async () => {
        const clip = window.texsortPage.state.clip.clip, seen = [];
        for (let k = 0; k < clip.count; k++) seen.push(btoa(String.fromCharCode(...(await clip.frameAt(clip.timeOf(k))).rgba)));
        const by = clip.decodedBy;
        clip.walkEnd();
        clip.quiet = false;
        return { count: clip.count, distinct: new Set(seen).size, first: clip.indexAt(clip.timeOf(0)), last: clip.indexAt(clip.duration),
                 same: seen.map((f) => seen.indexOf(f)).join(' '), by };
      });
      check(cliFrames === 10 && late.count === cliFrames && late.distinct === cliFrames && late.first === 0 && late.last === cliFrames - 1,
            `${name}: a clip starting at 1 s has the CLI's ${cliFrames} frames, each its own`, JSON.stringify(late));
    }
    // A clip of two frames: each lasts the file's 0.1 s (a clip too short to measure by playing).
    const two = path.join(dir, 'two.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=32x16:r=${fps}`, '-frames:v', '2', '-c:v', 'libvpx-vp9', two]);
    await openClipFile(two);
    const twoTimed = await page.evaluate(() => { const clip = window.texsortPage.state.clip.clip; return [clip.count, clip.secondsOf(0)]; });
    check(twoTimed[0] === 2 && Math.abs(twoTimed[1] - 0.1) < 1e-6, 'a clip of two frames keeps its frames\' time', JSON.stringify(twoTimed));
    // A clip whose frames after the first have alpha: the animated PNG keeps alpha in every frame,
    // each frame the CLI's sort of the frame decoded.
    const seeThrough = path.join(dir, 'alpha.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=40x30:r=10:d=0.3', '-vf',
                         "format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(gte(N,1),100,255)'", '-c:v', 'libvpx-vp9',
                         '-pix_fmt', 'yuva420p', seeThrough]);
    await openClipFile(seeThrough);
    const alphaDemuxed = await page.evaluate((b64) => window.texsortPage.demux(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))),
                                             fs.readFileSync(seeThrough).toString('base64'));
    check(alphaDemuxed === null, 'a WebM with alpha is not walked by VideoDecoder, which drops alpha', JSON.stringify(alphaDemuxed)?.slice(0, 80));
    await saveClipNow(page);
    const seen = await page.evaluate(() => { const saved = window.texsortPage.state.savedClip;
      return saved ? { bytes: Array.from(saved.bytes), frames: saved.frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.state.sortArgs }
                   : { error: document.getElementById('status').textContent }; });
    const seeApng = path.join(dir, 'alpha-sorted.png');
    if (seen.bytes) fs.writeFileSync(seeApng, Buffer.from(seen.bytes));
    const seeFrames = seen.bytes ? spawnSync('ffmpeg', ['-v', 'error', '-f', 'apng', '-i', seeApng, '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                                             { maxBuffer: 1 << 28 }).stdout : Buffer.alloc(0);
    const seeBytes = 40 * 30 * 4, seeSame = (seen.frames || []).filter((f, k) =>
      cliSortOf(dir, `alpha${k}`, f, 40, 30, seen.args).equals(seeFrames.subarray(k * seeBytes, (k + 1) * seeBytes))).length;
    check(seen.bytes && pngHeader(Buffer.from(seen.bytes)) === '40x30 depth 8 colour type 6' && seen.frames.length === 3 && seeSame === 3 &&
          seen.frames[0].every((v, i) => i % 4 !== 3 || v === 255) && seen.frames[1].some((v, i) => i % 4 === 3 && v < 255),
          'Save clip of a clip that turns see-through: every frame keeps alpha, each the CLI\'s sort',
          seen.error || `${pngHeader(Buffer.from(seen.bytes))}; ${seen.frames.length} frames, ${seeSame} equal`);
    // The same as WebM: the alpha rides beside each frame as a second VP9 stream (AlphaMode 1), as
    // libvpx writes it; libvpx reads it back, 3 frames whose alpha is within the codec's loss (4
    // levels) of the animated PNG's (the CLI's sorts), the first opaque; the page plays it.
    await page.select('#clip-format', 'webm');
    await saveClipNow(page);
    const seenWebm = await page.evaluate(async () => {
      const saved = window.texsortPage.state.savedClip;
      if (!saved) return { error: document.getElementById('status').textContent };
      const video = document.createElement('video');
      video.src = URL.createObjectURL(new Blob([saved.bytes], { type: 'video/webm' }));
      const plays = await new Promise((resolve) => {
        video.onloadeddata = () => resolve(`${video.videoWidth}x${video.videoHeight}`);
        video.onerror = () => resolve('does not play');
      });
      return { bytes: Array.from(saved.bytes), plays, said: document.getElementById('status').textContent };
    });
    const seeWebm = path.join(dir, 'alpha-sorted.webm');
    if (seenWebm.bytes) fs.writeFileSync(seeWebm, Buffer.from(seenWebm.bytes));
    const alphaWebmFrames = seenWebm.bytes ? spawnSync('ffmpeg', ['-v', 'error', '-c:v', 'libvpx-vp9', '-i', seeWebm, '-f', 'rawvideo',
                                                             '-pix_fmt', 'rgba', '-'], { maxBuffer: 1 << 28 }).stdout : Buffer.alloc(0);
    const alphaMode = seenWebm.bytes ? spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream_tags=alpha_mode', '-of', 'csv=p=0',
                                                             seeWebm]).stdout.toString().trim() : '';
    let alphaApart = 0;
    for (let i = 3; i < Math.min(alphaWebmFrames.length, seeFrames.length); i += 4) {
      alphaApart = Math.max(alphaApart, Math.abs(alphaWebmFrames[i] - seeFrames[i]));
    }
    check(alphaWebmFrames.length === 3 * seeBytes && alphaMode === '1' && alphaApart <= 4 && seenWebm.plays === '40x30' &&
          alphaWebmFrames.subarray(0, seeBytes).every((v, i) => i % 4 !== 3 || v === 255) && /with alpha/.test(seenWebm.said),
          'Save clip as WebM of a clip that turns see-through: its alpha beside every frame',
          seenWebm.error || `${alphaWebmFrames.length / seeBytes} frames, alpha_mode ${alphaMode}, alpha ${alphaApart} levels apart, ` +
          `plays ${seenWebm.plays}; ${seenWebm.said}`);
    // On a phone the clip bar wraps: no horizontal scroll, every control of it on the screen.
    // TEXSORT_WEB_SHOTS=docs: the README's picture of a clip playing (the astronaut panned).
    const pan = path.join(dir, 'astronaut-pan.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-loop', '1', '-i', path.join(assets, 'astronaut.png'), '-vf',
                         "crop=320:240:x='96+60*sin(t)':y='140+40*cos(t)',format=yuv420p", '-t', '2', '-r', '25',
                         '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', pan]);
    const n8 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(pan);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.clip?.name === 'astronaut-pan.webm' &&
                               window.texsortPage.state.clip.shown >= 8, { timeout: 120000 }, n8);
    await page.setViewport({ width: 390, height: 844 });
    const phone = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      cut: [...document.querySelectorAll('#clip-bar button, #clip-bar input, #clip-bar select')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((e) => e.id) }));
    check(phone.scroll <= 390 && phone.cut.length === 0, 'the clip bar fits a phone', JSON.stringify(phone));
    await page.setViewport({ width: 1280, height: 800 });
    await page.evaluate(() => window.texsortPage.state.clip.clip.pause());
    if (process.env.TEXSORT_WEB_SHOTS) {
      await page.waitForFunction(() => !window.texsortPage.state.running, { timeout: 120000 });
      await page.screenshot({ path: path.join(process.env.TEXSORT_WEB_SHOTS, 'web-clip.png') });
      // The README's short recording: Save clip of a smaller pan, as an animated PNG.
      const small = path.join(dir, 'astronaut-pan-small.webm');
      spawnSync('ffmpeg', ['-v', 'error', '-i', pan, '-vf', 'scale=160:120', '-r', '10', '-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0', small]);
      await openClipFile(small);
      await page.select('#clip-format', 'png');
      await saveClipNow(page, 600000);
      const recording = await page.evaluate(() => Array.from(window.texsortPage.state.savedClip.bytes));
      fs.writeFileSync(path.join(process.env.TEXSORT_WEB_SHOTS, 'web-clip-sorted.png'), Buffer.from(recording));
    }
    // A file that claims to be a clip and is not: one line naming it, no picture.
    const bad = path.join(dir, 'broken.webm');
    fs.writeFileSync(bad, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 7)]));
    const n1 = await page.evaluate(() => window.texsortPage.state.settled);
    await (await page.$('#file')).uploadFile(bad);
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && !window.texsortPage.state.clip, { timeout: 60000 }, n1);
    const said = await page.evaluate(() => ({ text: document.getElementById('status').textContent,
                                              clip: !!window.texsortPage.state.clip,
                                              bar: document.getElementById('clip-bar').hidden }));
    check(said.text.startsWith('broken.webm: the browser cannot play') && !said.clip && said.bar,
          'a clip the browser cannot play is named in one line', JSON.stringify(said));
    // A picture opened after a clip: the clip stops and the picture is sorted as before.
    const n2 = await page.evaluate(() => window.texsortPage.state.settled);
    await page.click('#sample-coffee');
    await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.sorted,
                               { timeout: 120000 }, n2);
    const after = await page.evaluate(() => document.getElementById('command').textContent);
    check(after.startsWith('texsort pixelsort coffee.png -o sorted.png'), 'a picture opened after a clip is a picture again', after);
    check(problems.length === 0, 'no console error', problems.join('; '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The camera (camera suite): Chromium's fake camera plays a Y4M file made by ffmpeg; its frames
// are sorted as they come, each picture drawn the CLI's sort of the camera frame it came from, and
// a camera the browser refuses is said in one line.
async function suiteCamera(page, problems, browser) {
  const n0 = await page.evaluate(() => window.texsortPage.state.settled);
  await page.click('#camera');
  await page.waitForFunction((n) => window.texsortPage.state.settled > n && window.texsortPage.state.clip?.camera &&
                             window.texsortPage.state.clip.shown >= 3, { timeout: 120000 }, n0);
  await page.select('#option-key', 'hue');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-camera-'));
  try {
    let last = null;
    for (let k = 0; k < 3; k++) {
      // The picture drawn and the frame it came from, read together once the page has caught up.
      const shown = await (await page.waitForFunction((after) => {
        const s = window.texsortPage.state;
        if (s.running || s.pending || s.clip.shown <= after || s.sortArgs.join(' ') !== '--key hue') return null;
        return { args: s.sortArgs, shown: s.clip.shown, drawn: Array.from(window.texsort.live.read().rgba),
                 frame: Array.from(s.clip.frame.rgba), width: s.clip.frame.width, height: s.clip.frame.height,
                 command: document.getElementById('command').textContent };
      }, { timeout: 120000, polling: 'raf' }, last?.shown ?? 0)).jsonValue();
      const cli = cliSortOf(dir, `frame${k}`, shown.frame, shown.width, shown.height, shown.args);
      const drawn = Buffer.from(shown.drawn);
      check(cli.equals(drawn) && !drawn.equals(Buffer.from(shown.frame)) && shown.width === 160 && shown.height === 120,
            `camera frame ${shown.shown}: the picture drawn is the CLI's sort of it`, cli.why || '');
      check(shown.command === 'texsort pixelsort camera.png -o sorted.png --key hue', 'the camera\'s command line sorts a snapshot',
            shown.command);
      if (last) {
        check(shown.shown > last.shown && !Buffer.from(shown.frame).equals(Buffer.from(last.frame)),
              'the camera\'s frames come and are sorted as they come', `${last.shown} -> ${shown.shown}`);
      }
      last = shown;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // A camera refused: one line on the page, no picture.
  const refused = await browser.newPage();
  await refused.evaluateOnNewDocument(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  await refused.goto(page.url(), { waitUntil: 'load' });
  await refused.waitForFunction(() => window.texsortPage?.state.sorted, { timeout: 120000 });
  const shownBefore = await refused.evaluate(() => ({ n: window.texsortPage.state.settled,
                                                       rgba: Array.from(window.texsort.live.read().rgba) }));
  await refused.click('#camera');
  await refused.waitForFunction((n) => window.texsortPage.state.settled > n, { timeout: 60000 }, shownBefore.n);
  const said = await refused.evaluate(() => document.getElementById('status').textContent);
  check(said === 'camera: the browser was not allowed to use it', 'a camera refused is said in one line', said);
  // ... and the picture shown stays: drawn as before, not dimmed, Save still on.
  const kept = await refused.evaluate(() => ({ rgba: Array.from(window.texsort.live.read().rgba),
                                               none: document.getElementById('texsort-gl').classList.contains('none'),
                                               stale: document.getElementById('texsort-gl').classList.contains('stale'),
                                               save: document.getElementById('save').disabled }));
  check(Buffer.from(kept.rgba).equals(Buffer.from(shownBefore.rgba)) && !kept.none && !kept.stale && !kept.save,
        'a camera refused leaves the picture shown', JSON.stringify({ none: kept.none, stale: kept.stale, save: kept.save }));
  await refused.close();
  check(problems.length === 0, 'no console error', problems.join('; '));
}

async function suiteDigests(page) {
  const algos = 'bitonic,bitonic-legacy,oddeven-merge,radix,bitonic-fast,bitonic-wide';
  const args = ['check', '--quick', '--digests', '--algos', algos];
  const web = await runWeb(page, args);
  const nat = runNative(args);
  const digests = (r) => r.stdout.toString().split('\n').filter((l) => l.startsWith('digest '));
  const w = digests(web), n = digests(nat);
  check(web.code === 0, 'check passes in the browser (GPU == CPU model after every pass)', web.stderr);
  check(n.length > 1000 && w.length === n.length, 'as many per-pass digests as the native check', `${w.length} vs ${n.length}`);
  const first = w.findIndex((line, i) => line !== n[i]);
  check(first < 0, 'every digest equals the native one', first < 0 ? '' : `${w[first]} vs ${n[first]}`);
}

// Chromium's flags for a fake camera playing a 160x120 Y4M of ffmpeg's testsrc2 (removed at exit).
function fakeCamera() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-fake-camera-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const y4m = path.join(dir, 'camera.y4m');
  const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=160x120:r=10:d=3', '-pix_fmt', 'yuv420p', y4m]);
  if (made.status !== 0) throw new Error('ffmpeg: ' + made.stderr.toString());
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`];
}

const server = await serve(site);
let opened;
try {
  opened = await openPage(server, suite === 'camera' ? fakeCamera() : [], true,
                          suite === 'tool' ? '?image=coffee&key=hue&lower=0.3&order=sideways&seed=abc&mask=m.png&zoom=2&key=red' : '');
  if (suite === 'load') await suiteLoad(opened.page, opened.problems, server);
  else if (suite === 'pixels') await suitePixels(opened.page);
  else if (suite === 'live') await suiteLive(opened.page, opened.problems);
  else if (suite === 'tool') await suiteTool(opened.page, opened.problems);
  else if (suite === 'digests') await suiteDigests(opened.page);
  else if (suite === 'watch') await suiteWatch(opened.page);
  else if (suite === 'clip') await suiteClip(opened.page, opened.problems);
  else if (suite === 'camera') await suiteCamera(opened.page, opened.problems, opened.browser);
  else check(false, 'suite', `unknown suite ${suite}`);
} catch (e) {
  const said = opened?.problems.length ? `\nthe page said: ${opened.problems.join('; ')}` : '';  // what led to it
  check(false, suite, (e.stack || String(e)) + said);
} finally {
  if (opened) await opened.browser.close();
  server.close();
}
console.log(failures.length ? `${failures.length} failed` : 'all passed');
process.exit(failures.length ? 1 : 0);

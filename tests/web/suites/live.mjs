// --- tests/web/suites/live: the page on a phone and a desktop screen, its state after errors, quick changes, the keyboard. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { paths } from '../support/paths.mjs';
import { madeIn, pixels } from '../support/pictures.mjs';

// The page as a live tool: any screen, truthful state, the keyboard, and only the newest settings
// sorted.
export async function suiteLive(page, problems) {
  const st = () => page.evaluate(() => window.texsortPage.status());
  // The page settled after `before` settles (the hook's whenSettled: nothing sorting or queued).
  const settledAfter = (before) => page.evaluate((n) => window.texsortPage.whenSettled(n), before);
  await page.waitForFunction(() => window.texsortPage.status().sorted, { timeout: 120000 });
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
    const reads = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      return { save: box('save').bottom, command: box('command').bottom, picture: box('texsort-gl').right, controls: box('controls').left,
               mask: box('option-mask').width, keys: /Ctrl\+|\(B\)|\[ and \]/.test(document.getElementById('pixelsort-mode').innerText),
               headings: [...document.querySelectorAll('#options legend, #options summary')].map((e) => e.textContent),
               folded: document.getElementById('group-more')?.open === false &&
                       ['algo', 'max-span', 'skip'].every((o) => document.getElementById('option-' + o).closest('#group-more')) };
    });
    check(width <= 800 || (reads.save <= height && reads.command <= height && reads.controls >= reads.picture),
          `${width}x${height}: the controls beside the picture, Save PNG and the command line under it on the screen`, JSON.stringify(reads));
    check(reads.headings.join('|') === 'Lines and path|Spans: what is sorted|Key and order|Output|More options' && reads.folded,
          `${width}x${height}: the options under headings, the rare ones folded`, JSON.stringify(reads.headings));
    check(reads.mask >= 180, `${width}x${height}: the mask's file control wide enough for its name`, `${reads.mask} px`);
    check(width > 800 || !reads.keys, `${width}x${height}: no keyboard hints on a phone`, '');
    if (shots) await page.screenshot({ path: path.join(shots, `web-${name}.png`) });
  }
  // The keys in a help panel, shut at first: ? opens it and shuts it (not in a field).
  const help = () => page.evaluate(() => {
    const d = document.getElementById('help');
    return d ? { open: d.open, keys: /Ctrl\+Z/.test(d.innerText) } : {};  // innerText: what shows (the keys' line is not on a phone)
  });
  const helpShut = await help();
  await page.evaluate(() => document.activeElement?.blur());
  await page.keyboard.type('?');
  const helpOpen = await help();
  await page.keyboard.type('?');
  const helpAgain = await help();
  check(helpShut.open === false && helpOpen.open && helpOpen.keys && helpAgain.open === false,
        '? opens and shuts the help panel, which lists the keys', JSON.stringify([helpShut, helpOpen, helpAgain]));
  // Before the module is up, the picture's place is kept on a phone: nothing below it moves when it comes.
  const early = await page.browser().newPage();
  await early.setViewport({ width: 390, height: 844 });
  await early.setRequestInterception(true);
  early.on('request', (r) => (r.url().endsWith('.wasm') ? r.abort() : r.continue()));
  await early.goto(page.url().replace(/\?.*$/, '') + '?max-span=50', { waitUntil: 'load' });
  const kept = await early.$eval('#frame', (f) => f.getBoundingClientRect().height);
  await early.close();
  // A folded option the link sets is shown, not hidden under More options (the controls are made
  // from the module's option table once it is up).
  const linked = await page.browser().newPage();
  await linked.goto(page.url().replace(/\?.*$/, '') + '?max-span=50', { waitUntil: 'load' });
  await linked.waitForSelector('#group-more', { timeout: 120000 });
  const unfolded = await linked.$eval('#group-more', (d) => d.open && document.getElementById('option-max-span').value === '50');
  await linked.close();
  check(unfolded, 'a folded option a link sets is shown', '');
  await page.setViewport({ width: 390, height: 844 });
  const placed = await page.evaluate(() => document.getElementById('frame').getBoundingClientRect().height);
  await page.setViewport({ width: 1280, height: 800 });
  check(kept >= 300 && Math.abs(kept - placed) <= 1, 'before the picture comes, its place is kept: nothing moves when it comes',
        `${kept} px tall (the picture: ${placed})`);
  // Idle, the page compiles ahead what a first new key, threshold key or kind of intervals needs:
  // once it says it is done, none of those changes links a program. Also for the threshold's keys
  // when the lines changed while the intervals were another kind.
  const idle = () => page.waitForFunction(() => window.texsortPage.status().warmLeft === 0, { timeout: 600000, polling: 250 });
  const linksOf = (changes) => page.evaluate(async (changes) => {
    const st = window.texsortPage.status(), proto = WebGL2RenderingContext.prototype, link = proto.linkProgram, linked = [];
    proto.linkProgram = function (...a) { linked[linked.length - 1][1]++; return link.apply(this, a); };
    for (const [id, value] of changes) {
      linked.push([`${id} ${value}`, 0]);
      const before = st.settled, c = document.getElementById(`option-${id}`);
      c.value = value;
      c.dispatchEvent(new Event('input'));
      while (st.settled === before || st.sorting) await new Promise((r) => requestAnimationFrame(r));
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
    beside: [...document.querySelectorAll('label.invalid .why')].filter((w) => w.offsetParent !== null).map((w) => w.textContent),
    stale: document.getElementById('texsort-gl').classList.contains('stale'),
    save: document.getElementById('save').disabled,
    top: document.getElementById('status').getBoundingClientRect().top,
    bottom: document.getElementById('status').getBoundingClientRect().bottom, screen: innerHeight,
  }));
  check(/--(lower|upper)/.test(bad.status) && bad.marked && bad.stale && bad.save && bad.top >= 0 && bad.bottom <= bad.screen,
        'bad options: the error in view under the picture, its control marked, the picture stale, Save off', JSON.stringify(bad));
  check(bad.beside.length === 1 && bad.beside[0] === bad.status, 'bad options: the error said beside the control it names too',
        JSON.stringify(bad.beside));
  n = (await st()).settled;
  await page.$eval('#option-lower', (c) => { c.value = '0.25'; c.dispatchEvent(new Event('input')); });
  await settledAfter(n);
  const good = await page.evaluate(() => [document.getElementById('texsort-gl').classList.contains('stale'),
                                          document.getElementById('save').disabled, document.querySelectorAll('.invalid').length,
                                          [...document.querySelectorAll('.why')].filter((w) => w.offsetParent !== null || w.textContent).length +
                                          document.querySelectorAll('[aria-invalid="true"]').length]);
  check(JSON.stringify(good) === '[false,false,0,0]', 'good options again: fresh picture, Save on, nothing marked', JSON.stringify(good));
  // Twenty changes in one go: only the newest settings are sorted, and the picture is theirs.
  const counted = await page.evaluate(async () => {
    const live = window.texsort.live, set = live.set, st = window.texsortPage.status();
    let calls = 0;
    live.set = (args) => { calls++; return set(args); };
    const before = st.settled;
    const c = document.getElementById('option-lower');
    for (let i = 0; i < 20; i++) { c.value = (0.1 + 0.01 * i).toFixed(2); c.dispatchEvent(new Event('input')); }
    while (st.settled === before || st.sorting) await new Promise((r) => requestAnimationFrame(r));
    live.set = set;
    return { calls, args: st.args };
  });
  check(counted.calls === 1 && counted.args.join(' ') === '--lower 0.29', 'twenty quick changes sort once, with the last',
        JSON.stringify(counted));
  // A drag (twenty changes 16 ms apart): the page asks the GPU for more (passes, a new sort) only
  // once what it asked before is done, seen by a fence of the test's own after each ask; the
  // status says the picture's time once it is drawn.
  const dragged = await page.evaluate(async () => {
    const live = window.texsort.live, advance = live.advance, set = live.set, st = window.texsortPage.status();
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
    while (st.sorting || st.queued) await new Promise((r) => requestAnimationFrame(r));
    live.advance = advance;
    live.set = set;
    if (fence) gl.deleteSync(fence);
    return { early, asks, args: st.args.join(' '), status: document.getElementById('status').textContent };
  });
  check(dragged.early === 0 && dragged.asks > 1 && dragged.args === '--lower 0.49' && /^sorted in \d+\.\d\d s$/.test(dragged.status),
        'a drag asks the GPU for more only once it has done what it had, and the time said is the picture\'s',
        JSON.stringify(dragged));
  // A new mix alone runs no pass: the view stays at its last pass and only the drawing changes
  // (the tool suite compares the mixed picture with the CLI's).
  const mixed = await page.evaluate(async () => {
    const live = window.texsort.live, set = live.set, st = window.texsortPage.status();
    let after = null;
    live.set = (args) => { const r = set(args); after = { passes: r, at: live.pass() }; return r; };
    const before = st.settled, c = document.getElementById('option-mix');
    c.value = '0.5';
    c.dispatchEvent(new Event('input'));
    while (st.settled === before || st.sorting) await new Promise((r) => requestAnimationFrame(r));
    live.set = set;
    const mixedAt = st.settled;
    c.value = '1';
    c.dispatchEvent(new Event('input'));
    while (st.settled === mixedAt || st.sorting) await new Promise((r) => requestAnimationFrame(r));
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
    const args = await page.evaluate(() => window.texsortPage.status().args);
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
  const astronaut = fs.readFileSync(path.join(paths.assets, 'astronaut.png')).toString('base64');
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
  // The same while the last picture is still sorting: its sort is dropped, not drawn over the refusal.
  n = (await st()).settled;
  await page.evaluate(async (b64) => {
    await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'astronaut.png');  // its sort under way
    await window.texsortPage.open(new TextEncoder().encode('not a picture'), 'notes.txt');
  }, astronaut);
  await page.waitForFunction((before) => window.texsortPage.status().settled > before && !window.texsortPage.status().sorting,
                             { timeout: 120000 }, n);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));  // a frame later still
  const dropped = await page.evaluate(() => [document.getElementById('status').textContent,
                                             document.getElementById('texsort-gl').classList.contains('none'),
                                             document.getElementById('save').disabled]);
  check(/^notes\.txt: /.test(dropped[0]) && dropped[1] && dropped[2], 'a file that is not a picture opened while the last one sorts: ' +
        'its refusal stays, no picture comes back', JSON.stringify(dropped));
  const link = await page.evaluate(() => location.search);
  check(!/image=/.test(link), 'a file that is not a picture: the link names no sample', link);
  // A picture taller than the GPU draws a picture in (2 x MAX_TEXTURE_SIZE+1), opened over a sorted
  // one: its name and why in one line, the last picture not left on show, the command line shown
  // (which sorts it: checked natively).
  n = (await st()).settled;
  await page.click('#sample-astronaut');
  await settledAfter(n);
  const side = await page.evaluate(() => document.createElement('canvas').getContext('webgl2').getParameter(0x0D33));
  const tall = spawnSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `2x${side + 1}`, '-i', '-',
                                    '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
                         { input: Buffer.alloc(2 * (side + 1) * 3, 0x5a) }).stdout;  // (lavfi's sources stop at 8192)
  n = (await st()).settled;
  await page.evaluate(async (b64) => window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'tall.png'),
                      tall.toString('base64'));
  await settledAfter(n);
  const tallShown = await page.evaluate(() => [document.getElementById('status').textContent,
                                               document.getElementById('texsort-gl').classList.contains('none'),
                                               document.getElementById('save').disabled,
                                               document.getElementById('command').textContent]);
  check(new RegExp(`^tall\\.png: 2x${side + 1} pixels, a side over the ${side} `).test(tallShown[0]) && tallShown[1] &&
        tallShown[2] && /pixelsort tall\.png /.test(tallShown[3]), 'a picture too tall to draw: its name, no picture left, no Save',
        JSON.stringify(tallShown));
  const tallNative = runNative(['pixelsort', '-', '-o', '-', '-q'], tall);
  check(tallNative.code === 0, 'the command line sorts the picture too tall for the page', tallNative.stderr.toString());
  // A key that does not fit the picture's lines (rgb on lines of 4097, padded to 8192): the error
  // names the option, so Key is marked and the reason said beside it.
  const wide = spawnSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', '4097x2', '-i', '-', '-frames:v', '1',
                                    '-f', 'image2pipe', '-c:v', 'png', '-'], { input: Buffer.alloc(4097 * 2 * 3, 0x77) }).stdout;
  n = (await st()).settled;
  await page.evaluate(async (b64) => window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), 'wide.png'),
                      wide.toString('base64'));
  await settledAfter(n);
  n = (await st()).settled;
  await page.select('#option-key', 'rgb');
  await settledAfter(n);
  const keyMarked = await page.evaluate(() => [document.getElementById('status').textContent,
                                               document.querySelector('[data-option="key"] .why')?.textContent]);
  check(/--key rgb/.test(keyMarked[0]) && keyMarked[1] === keyMarked[0], 'a key too wide for the lines: Key marked, the reason beside it',
        JSON.stringify(keyMarked));
  n = (await st()).settled;
  await page.select('#option-key', 'luma');
  await settledAfter(n);
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

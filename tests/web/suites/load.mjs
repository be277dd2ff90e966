// --- tests/web/suites/load: the page comes up with WebGL2 and no console error; its controls follow the option table; files and pictures of every kind open. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPage } from '../support/browser.mjs';
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { runWeb } from '../support/page.mjs';
import { paths } from '../support/paths.mjs';
import { pixels, pngHeader } from '../support/pictures.mjs';

// The page's controls against the one option table (`texsort info --options`, run in the page):
// each control an option of it, its words the table's (in its order; the page may offer fewer), its
// range inside the table's, its start the table's default; the presets the table's.
export async function controlsFollowTheTable(page) {
  const listed = await runWeb(page, ['info', '--options']);
  check(listed.code === 0 && listed.stdout.equals(runNative(['info', '--options']).stdout),
        'info --options is the native program\'s', listed.stderr);
  const table = JSON.parse(listed.stdout.toString());
  const controls = await page.evaluate(() => [...document.querySelectorAll('#options label[data-option]')].map((l) => {
    const c = l.querySelector('select, input');
    return { name: l.dataset.option, help: l.title, type: c.type, step: c.step, value: c.type === 'checkbox' ? String(c.checked) : c.value, min: c.min,
             max: c.max, words: c.tagName === 'SELECT' ? [...c.options].map((o) => o.value) : null };
  }));
  const shown = new Set(controls.map((c) => c.name));
  const missing = table.options.filter((o) => !shown.has(o.name) && o.name !== 'direction').map((o) => o.name);
  check(!missing.length, 'every option of the table has a control (direction: the angle)', missing);
  const inOrder = (some, all) => some.every((w, i) => all.includes(w) && (i === 0 || all.indexOf(w) > all.indexOf(some[i - 1])));
  for (const c of controls) {
    if (c.name === 'preset') {
      check(JSON.stringify(c.words) === JSON.stringify(['none', ...table.presets]), 'the page\'s presets are the table\'s', c.words);
      continue;
    }
    const row = table.options.find((o) => o.name === c.name);
    check(row, `the page's control ${c.name} is an option of the table`);
    if (!row) continue;
    check(c.help === row.help, `${c.name}: its help is the table's`, c.help);
    // The line sort: WebGL2 has no compute shaders, so the page offers auto and the fragment rows.
    if (c.name === 'algo') check(c.words.every((w) => !w.startsWith('compute-')), 'the line sorts offered run in WebGL2', c.words);
    const start = row.default;
    if (row.kind === 'choice') check(c.words && c.words.length > 1 && inOrder(c.words, row.choices), `${c.name}: the table's words`, c.words);
    if (row.kind === 'real' || row.kind === 'integer') {
      check(Number(c.min) >= row.min && Number(c.max) <= row.max && c.min !== '' && c.max !== '',
            `${c.name}: a range inside the table's ${row.min}..${row.max}`, `${c.min}..${c.max}`);
      check(Number(c.value) === Number(start), `${c.name} starts at the table's ${start}`, c.value);
      // A slider a hand can move through: one whole turn for the angle, at most 1024 positions else.
      const positions = (Number(c.max) - Number(c.min)) / Number(c.step || 1);
      if (c.type === 'range') check(c.name === 'angle' ? c.min === '-180' && c.max === '180' : positions <= 1024,
                                    `${c.name}: a slider's reach`, `${c.min}..${c.max} by ${c.step}`);
    } else if (row.kind === 'flag') {
      check(c.value === 'false', `${c.name} starts off`, c.value);
    } else if (row.kind === 'choice') {
      check(c.value === start, `${c.name} starts at the table's ${start}`, c.value);
    }
  }
}
export async function suiteLoad(page, problems, server) {
  // A browser without WebGL: the page says so in the CLI's words instead of staying blank.
  const bare = await openPage(server, ['--disable-3d-apis'], false);
  try {
    await bare.page.waitForFunction(() => document.getElementById('status').classList.contains('error'), { timeout: 60000 });
    const said = await bare.page.$eval('#status', (s) => s.textContent);
    check(/WebGL2/.test(said), 'without WebGL the page says so', said);
    const ready = await bare.page.evaluate(() => window.texsort.ready.then(() => 'resolved', (e) => `${e.name} ${e.code} ${e.message}`));
    check(/^TexsortError 4 WebGL2: /.test(ready), 'without WebGL texsort.ready rejects with the CLI\'s words and exit code', ready);
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
    const st = window.texsortPage.status();
    return s.dataset.state === 'ready' && !st.sorting && !st.queued && !st.reading;
  }, { timeout: 120000 });
  // A file chosen in a control: in place (its name registered) before the page is read.
  const chosen = async (id, file, option) => {
    await (await page.$(id)).uploadFile(file);
    await page.waitForFunction((o, name) => window.texsortPage.status().files[o] === name,
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
  const astronaut = fs.readFileSync(path.join(paths.assets, 'astronaut.png'));
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
    fs.copyFileSync(path.join(paths.assets, 'astronaut.png'), path.join(files, 'f.png'));
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

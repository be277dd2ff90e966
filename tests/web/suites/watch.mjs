// --- tests/web/suites/watch: Watch: the page's pass-by-pass picture is the desktop's recording of that pass; its keys and buttons. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { paths } from '../support/paths.mjs';
import { makeInputs, pixels } from '../support/pictures.mjs';

// Watch the sort: the page's picture at pass k (overlays included) is the desktop's recording of
// pass k, pixel for pixel; the keys and buttons move through the passes.
export async function suiteWatch(page) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-watch-'));
  try {
    const input = makeInputs(dir)['RGB 45x17'];
    const image = path.join(dir, 'rgb.png');
    await page.waitForFunction(() => window.texsortPage.status().sorted, { timeout: 120000 });
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
      const r = spawnSync(paths.native, ['record', image, '-o', video, '--algo', algo, '--from', String(pass), '--to', String(pass),
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
    }, fs.readFileSync(path.join(paths.assets, 'astronaut.png')).toString('base64'));
    await page.select('#watch-algo', 'transposition');
    const small = await page.evaluate(() => [window.texsortPage.watch.passes, document.getElementById('watch-status').textContent,
                                             document.getElementById('watch-canvas').width]);
    check(small[0] === 4096 && /a copy at most 64 pixels a side/.test(small[1]) && small[2] === 64,
          'transposition watches a 64x64 copy of a large picture, and says so', JSON.stringify(small));
    // Play at 240 passes a second on the 512x512 picture: the passes a frame runs follow what the GPU
    // keeps up with, so frames keep reaching the screen (a pass first seen is measured with a read-back,
    // tens of ms on a software GPU: 28 of them a frame gave one frame a second).
    await page.select('#watch-algo', 'bitonic');
    const played = await page.evaluate(async () => {
      const hook = window.texsortPage, ctx = document.getElementById('watch-canvas').getContext('2d'), drawImage = ctx.drawImage;
      let frames = 0;
      ctx.drawImage = function (...a) { frames++; return drawImage.apply(this, a); };
      document.getElementById('watch-speed').value = '240';
      document.getElementById('watch-play').click();
      const from = hook.watch.pass;
      frames = 0;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const passes = hook.watch.pass - from, count = document.getElementById('watch-count').value;
      if (hook.watch.playing) document.getElementById('watch-play').click();
      ctx.drawImage = drawImage;
      return { frames, passes, count };
    });
    check(played.passes > 0 && played.frames >= played.passes / 8, 'Play at 240 passes a second keeps drawing frames',
          JSON.stringify(played));
    // Watch draws on the page's WebGL canvas and copies from there: back in Pixel sort, that canvas
    // shows the live picture again.
    await page.waitForFunction(() => window.texsortPage.status().sorted && !window.texsortPage.status().sorting, { timeout: 120000 });
    const back = await page.evaluate(() => {
      document.querySelector('input[value=pixelsort]').click();
      const shown = window.texsort.live.read();
      window.texsort.live.draw(false);
      const fresh = window.texsort.live.read();
      return shown.width === fresh.width && shown.rgba.length > 0 && shown.rgba.every((v, i) => v === fresh.rgba[i]);
    });
    check(back, 'back in Pixel sort, the canvas shows its own picture again', '');
    await suiteFourTargets(page);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Where a draw writes 4 targets (WebGL2's minimum; the page's context made to say so), Watch shows
// bitonic-wide but does not offer it, its reason on hover, and the page still sorts the picture
// (auto's fragment path there is bitonic-fast); on this browser (8) every algorithm is offered.
async function suiteFourTargets(page) {
  const disabled = (p) => p.$$eval('#watch-algo option', (os) => os.filter((o) => o.disabled).map((o) => [o.value, o.title]));
  const lineSorts = (p) => p.$$eval('#option-algo option', (os) => os.map((o) => o.value));
  check((await disabled(page)).length === 0 && (await page.evaluate(() => window.texsort.unavailable.length)) === 0 &&
        (await lineSorts(page)).includes('bitonic-wide'),
        'the page offers every algorithm where a draw writes 8 targets', JSON.stringify(await disabled(page)));
  const four = await page.browser().newPage();
  try {
    const problems = [];
    four.on('pageerror', (e) => problems.push(e.message));
    await four.evaluateOnNewDocument(() => {
      const get = WebGL2RenderingContext.prototype.getParameter;
      WebGL2RenderingContext.prototype.getParameter = function (name) {
        return name === 0x8824 /* MAX_DRAW_BUFFERS */ ? 4 : get.call(this, name);
      };
    });
    await four.goto(page.url(), { waitUntil: 'load' });
    await four.evaluate(() => window.texsort.ready);
    const off = await disabled(four);
    const why = 'bitonic-wide draws into 8 targets at once and this GPU offers 4; bitonic-fast runs here';
    check(off.length === 1 && off[0][0] === 'bitonic-wide' && off[0][1] === why,
          'where a draw writes 4 targets Watch does not offer bitonic-wide, and says why', JSON.stringify(off));
    const unavailable = await four.evaluate(() => window.texsort.unavailable);
    check(JSON.stringify(unavailable) === JSON.stringify([{ name: 'bitonic-wide', why }]),
          'texsort.unavailable names bitonic-wide alone', JSON.stringify(unavailable));
    const offered = await lineSorts(four);
    check(!offered.includes('bitonic-wide') && offered.includes('bitonic-fast'),
          'where a draw writes 4 targets the line sort control does not offer bitonic-wide', offered.join(', '));
    await four.waitForFunction(() => window.texsortPage.status().sorted, { timeout: 120000 });
    check(problems.length === 0, 'where a draw writes 4 targets the page sorts its picture', problems.join('; '));
  } finally {
    await four.close();
  }
}

// The browser edition's speed beside the desktop's (a benchmark, never a test): texsort pixelsort
// of the astronaut scaled to each side, in headless Chromium (SwiftShader WebGL2) through the page's
// texsort.run, and natively (llvmpipe) on the same machine in the same run; medians of the report's
// own figures (GPU work = upload + passes + read back; in all = the whole command). Then the page
// as a live tool: from a control's input event to the frame that shows the new picture (drawn from
// the GPU), medians, beside the desktop viewer's re-sort while --lower is dragged (demo
// --drag-threshold under Xvfb, llvmpipe) on the same picture. Then clips and the camera: frames
// sorted a second in the page beside the native bench --video.
//   node bench.mjs SITE_DIR NATIVE_TEXSORT ASSETS_DIR [RUNS] [SIDES...]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeCamera, openPage, serve } from './support/browser.mjs';

const [site, native, assets, runsArg, ...sidesArg] = process.argv.slice(2);
const runs = Number(runsArg || 5);
const sides = sidesArg.length ? sidesArg.map(Number) : [512, 2048];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures = (report) => ({
  passes: Number((/passes\s+(\d+)/.exec(report) || [])[1]),
  gpu: Number((/GPU work (\d+)/.exec(report) || [])[1]),
  all: Number((/time\s+(\d+) ms in all/.exec(report) || [])[1]),
});

const server = await serve(site);
const { browser, page } = await openPage(server);
// The page compiles ahead while idle (status().warmLeft counts down to 0): done before anything is timed.
await page.waitForFunction(() => window.texsortPage.status().warmLeft === 0, { timeout: 1800000, polling: 100 });
const renderer = await page.evaluate(async () => new TextDecoder().decode((await window.texsort.run(['info'])).stdout));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-bench-'));
console.log(`${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores (${os.cpus()[0].model})`);
console.log('browser: ' + renderer.split('\n').filter((l) => /renderer|GL version/.test(l)).join('; ').replace(/\s+/g, ' '));
console.log('native:  ' + spawnSync(native, ['info']).stdout.toString().split('\n').filter((l) => /renderer|GL version/.test(l)).join('; ').replace(/\s+/g, ' '));
console.log(`\n| side | passes (browser / native) | GPU work ms, browser | native | × | whole command ms, browser | native | × |`);
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const side of sides) {
  const image = path.join(dir, `astronaut-${side}.png`);
  spawnSync('ffmpeg', ['-v', 'error', '-i', path.join(assets, 'astronaut.png'), '-vf', `scale=${side}:${side}:flags=neighbor`, image]);
  const bytes = fs.readFileSync(image).toString('base64');
  const web = [], nat = [];
  for (let i = 0; i <= runs; i++) {  // the first of each is a warm-up
    const w = await page.evaluate(async (b64) => {
      const r = await window.texsort.run(['pixelsort', '-', '-o', '-'], Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
      return r.stderr;
    }, bytes);
    const n = spawnSync(native, ['pixelsort', image, '-o', path.join(dir, 'out.png')]).stdout.toString();
    if (i > 0) { web.push(figures(w)); nat.push(figures(n)); }
  }
  const m = (xs, key) => median(xs.map((x) => x[key]));
  console.log(`| ${side}² | ${m(web, 'passes')} / ${m(nat, 'passes')} | ${m(web, 'gpu')} | ${m(nat, 'gpu')} | ` +
              `${(m(web, 'gpu') / m(nat, 'gpu')).toFixed(2)} | ${m(web, 'all')} | ${m(nat, 'all')} | ${(m(web, 'all') / m(nat, 'all')).toFixed(2)} |`);
}

// The page's live controls: each change timed from its input event until the GPU has drawn the
// new picture (the page counts finished sorts in status().settled; live.wait reads a pixel back).
const changes = (id, values) => page.evaluate(async (id, values) => {
  const st = window.texsortPage.status(), control = document.getElementById(id), ms = [];
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  for (const value of values) {
    const before = st.settled, start = performance.now();
    control.value = value;
    control.dispatchEvent(new Event('input'));
    while (st.settled === before) await frame();
    window.texsort.live.wait();
    ms.push(performance.now() - start);
  }
  return ms;
}, id, values);
// A drag: `values` given as input events 16 ms apart, as a pointer moves a slider; timed from the
// last event until the GPU has drawn the picture of its value (only the newest settings reach the
// GPU, so this stays within a few changes' time however long the drag).
const drag = (id, values) => page.evaluate(async (id, values) => {
  const control = document.getElementById(id);
  let before = 0, last = 0;
  for (const value of values) {
    [before, last] = [window.texsortPage.status().settled, performance.now()];
    control.value = value;
    control.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
  await window.texsortPage.whenSettled(before);
  window.texsort.live.wait();
  return performance.now() - last;
}, id, values);
console.log('\n| side | page: threshold change ms | mix change ms | angle change ms | first use of a key ms (after the idle warm) | ' +
            'drag of 30 steps: last step drawn after ms (× one change) | desktop viewer re-sort ms | page ÷ desktop |');
console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const side of sides) {
  const image = path.join(dir, `astronaut-${side}.png`);
  await page.evaluate(async (b64, name) => {
    await window.texsortPage.open(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)), name);
    const st = window.texsortPage.status();
    while (st.sorting || !st.sorted) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, fs.readFileSync(image).toString('base64'), path.basename(image));
  const n = Math.max(runs, 5);
  const lower = await changes('option-lower', Array.from({ length: 2 * n + 1 }, (_, i) => (0.2 + 0.01 * (i % 7)).toFixed(2)));
  const mix = await changes('option-mix', Array.from({ length: n + 1 }, (_, i) => (0.5 + 0.05 * (i % 7)).toFixed(2)));
  await changes('option-mix', ['1']);
  await changes('option-path', ['lines']);
  const angle = await changes('option-angle', Array.from({ length: n + 1 }, (_, i) => String(10 + 5 * i)));
  await changes('option-angle', ['0']);
  // The first use of a key once the page's idle warm is done (rows: it compiles their programs ahead).
  const warmStart = Date.now();
  await page.waitForFunction(() => window.texsortPage.status().warmLeft === 0, { timeout: 1800000, polling: 100 });
  const warmMs = Date.now() - warmStart;
  const firstKey = await changes('option-key', ['saturation']);
  await changes('option-key', ['luma']);
  const drags = [];
  for (let k = 0; k < 3; k++) drags.push(await drag('option-lower', Array.from({ length: 30 }, (_, i) => (0.2 + 0.01 * (i + k)).toFixed(2))));
  const viewer = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1280x820x24', native, 'demo', image, '--drag-threshold', '--frames', '40']);
  const resort = Number((/a re-sort takes ([\d.]+) ms/.exec(viewer.stdout.toString()) || [])[1]);
  const pageMs = median(lower.slice(1));
  console.log(`| ${side}² | ${pageMs.toFixed(0)} | ${median(mix.slice(1)).toFixed(0)} | ${median(angle.slice(1)).toFixed(0)} | ` +
              `${firstKey[0].toFixed(0)} (warm ${(warmMs / 1000).toFixed(1)} s) | ${median(drags).toFixed(0)} (${(median(drags) / pageMs).toFixed(1)}) | ` +
              `${resort.toFixed(1)} | ${(pageMs / resort).toFixed(2)} |`);
}

// Clips and the camera in the page: frames sorted a second while a 640x360 clip plays (30 fps,
// VP9) and while Chromium's fake camera plays a Y4M of 160x120, 320x240 and 640x480, each for 5 s
// of playing; Save clip's rate (every frame, none skipped) as WebM and as animated PNG; beside the
// native `bench --video` at the same height (16:9, H.264 in and out).
const playRate = (p) => p.evaluate(async () => {
  const st = window.texsortPage.status(), start = performance.now(), shown = st.clip.shown;
  while (performance.now() - start < 5000) await new Promise((resolve) => setTimeout(resolve, 100));
  return (st.clip.shown - shown) / ((performance.now() - start) / 1000);
});
const clip = path.join(dir, 'clip-640x360.webm');
spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=2', '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', clip]);
await (await page.$('#file')).uploadFile(clip);
await page.waitForFunction(() => window.texsortPage.status().clip?.shown >= 3 && window.texsortPage.status().clip.player.measured, { timeout: 600000 });
const rows = [['640x360 clip playing (30 fps)', 360, await playRate(page)]];
for (const [format, what] of [['webm', 'WebM'], ['png', 'animated PNG']]) {
  await page.select('#clip-format', format);
  const saveRate = await page.evaluate(async () => {
    const hook = window.texsortPage, start = performance.now();
    hook.forgetSavedClip();
    document.getElementById('clip-save').click();
    while (!hook.savedClip()) await new Promise((resolve) => setTimeout(resolve, 100));
    return hook.savedClip().count / ((performance.now() - start) / 1000);
  });
  rows.push([`640x360 clip, Save clip as ${what} (every frame)`, 360, saveRate]);
}
for (const [width, height] of [[160, 120], [320, 240], [640, 480]]) {
  const { browser: cameraBrowser, page: cameraPage } = await openPage(server, fakeCamera({ width, height, rate: 30, seconds: 4 }), false);
  await cameraPage.waitForFunction(() => window.texsortPage?.status().sorted, { timeout: 600000 });
  await cameraPage.click('#camera');
  await cameraPage.waitForFunction(() => window.texsortPage.status().clip?.shown >= 3, { timeout: 600000 });
  rows.push([`${width}x${height} fake camera (30 fps)`, height, await playRate(cameraPage)]);
  await cameraBrowser.close();
}
const nativeVideo = spawnSync(native, ['bench', '--video', '--sides', '120', '240', '360', '480', '--runs', '3', '--no-progress']).stdout.toString();
const nativeFps = (height) => Number((new RegExp(`\\d+x${height}\\s+\\S+\\s+\\d+\\s+([\\d.]+)`).exec(nativeVideo) || [])[1]);
console.log('\n| source | page: frames sorted a second | native bench --video, same height (16:9) | page ÷ native |');
console.log('|---|---:|---:|---:|');
for (const [what, height, rate] of rows) {
  console.log(`| ${what} | ${rate.toFixed(1)} | ${nativeFps(height).toFixed(1)} | ${(rate / nativeFps(height)).toFixed(2)} |`);
}
fs.rmSync(dir, { recursive: true, force: true });
await browser.close();
server.close();

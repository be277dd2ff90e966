// --- tests/web/suites/camera: a fake camera's frames sorted as they come; a refused camera said in one line. ---
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { cliSortOf } from '../support/native.mjs';

// The camera (camera suite): Chromium's fake camera plays a Y4M file made by ffmpeg; its frames
// are sorted as they come, each picture drawn the CLI's sort of the camera frame it came from, and
// a camera the browser refuses is said in one line.
export async function suiteCamera(page, problems, browser) {
  const n0 = await page.evaluate(() => window.texsortPage.status().settled);
  await page.click('#camera');
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().clip?.camera &&
                             window.texsortPage.status().clip.shown >= 3, { timeout: 120000 }, n0);
  await page.select('#option-key', 'hue');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-camera-'));
  try {
    let last = null;
    for (let k = 0; k < 3; k++) {
      // The picture drawn and the frame it came from, read together once the page has caught up.
      const shown = await (await page.waitForFunction((after) => {
        const s = window.texsortPage.status();
        if (s.sorting || s.queued || s.clip.shown <= after || s.args.join(' ') !== '--key hue') return null;
        return { args: s.args, shown: s.clip.shown, drawn: Array.from(window.texsort.live.read().rgba),
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
  await refused.waitForFunction(() => window.texsortPage?.status().sorted, { timeout: 120000 });
  const shownBefore = await refused.evaluate(() => ({ n: window.texsortPage.status().settled,
                                                       rgba: Array.from(window.texsort.live.read().rgba) }));
  await refused.click('#camera');
  await refused.waitForFunction((n) => window.texsortPage.status().settled > n, { timeout: 60000 }, shownBefore.n);
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

// --- tests/web/suites/clip: a clip plays sorted, each frame drawn the CLI's sort of that frame as the page decoded it; Save clip; keyframes. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { cliSortOf } from '../support/native.mjs';
import { catchNextDownload, saveClipNow } from '../support/page.mjs';
import { lumaPsnrOf, pixels } from '../support/pictures.mjs';
import { clipColoursMatchTheCli } from './clip_colours.mjs';
import { suiteClipFrames } from './clip_frames.mjs';

// A clip in the page (clip suite): a VP9 WebM of odd sides and an H.264 MP4 made by ffmpeg's testsrc2 play
// sorted, their frames going from the decoder to the sort on the GPU (no read-back of a frame's
// pixels while playing), and for 5 frames each the picture drawn is the native CLI's sort of that
// frame's pixels as the page decoded them, and Save PNG gives the CLI's file for it.
export async function suiteClip(page, problems) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-clip-'));
  const fps = 10;
  await page.evaluate(() => {
    window.texsortPage.keepSavedFrames();  // the frames Save clip decoded, for the checks
  });
  const c = { dir, fps, frameBytes: 64 * 48 * 4 };
  // A clip opened from a file, waited for until a frame of it is drawn.
  c.openClipFile = async (file) => {
    const n = await page.evaluate(() => window.texsortPage.status().settled);
    await (await page.$('#file')).uploadFile(file);
    await page.waitForFunction((before, name) => window.texsortPage.status().settled > before && window.texsortPage.status().clip?.name === name &&
                               window.texsortPage.status().clip.shown >= 1, { timeout: 120000 }, n, path.basename(file));  // a frame of it drawn
  };
  // A keyframe of --lower at the frame shown.
  c.keyLower = async (value) => {
    await page.$eval('#option-lower', (el, v) => { el.value = v; el.dispatchEvent(new Event('input')); }, value);
    await page.select('#key-option', 'lower');
    await page.click('#key-add');
  };
  try {
    await playedAndSaved(page, c);
    await suiteClipFrames(page, problems, c);
    await clipColoursMatchTheCli(page, c);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Two clips played sorted, frame by frame the CLI's sort; Save clip as animated PNG and WebM (its
// walk by WebCodecs); keyframes.
async function playedAndSaved(page, { dir, fps, openClipFile, keyLower }) {
  const clips = [['my clip.webm', ['-vf', 'scale=95:63', '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0']],  // odd sides
                 ['clip.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast']]];
  for (const [name, codec] of clips) {
    const file = path.join(dir, name);
    const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=96x64:r=${fps}:d=1.5`, ...codec,
                                      '-pix_fmt', 'yuv420p', file]);
    if (made.status !== 0) throw new Error('ffmpeg: ' + made.stderr.toString());
    const n0 = await page.evaluate(() => ((window.texsortPage.counters.readBacks = 0), window.texsortPage.status().settled));
    await (await page.$('#file')).uploadFile(file);
    // It plays: frames after the first are sorted and drawn as they come.
    await page.waitForFunction((n, opened) => window.texsortPage.status().settled > n &&
                               window.texsortPage.status().clip?.name === opened && window.texsortPage.status().clip.shown >= 3,
                               { timeout: 120000 }, n0, name);
    const playing = await page.evaluate(() => ({ bar: !document.getElementById('clip-bar').hidden,
                                                 command: document.getElementById('command').textContent,
                                                 shown: window.texsortPage.status().clip.shown, readBacks: window.texsortPage.counters.readBacks }));
    const output = name.endsWith('.webm') ? 'sorted.mkv' : 'sorted.webm';  // the WebM's odd sides: VP9 in Matroska
    check(playing.bar && playing.command.startsWith(`texsort pixelsort ${name.includes(' ') ? `'${name}'` : name} -o ${output}`),
          name + ': the clip plays sorted, with its command line', JSON.stringify(playing));
    check(playing.shown >= 3 && playing.readBacks === 0, `${name}: its frames go to the sort on the GPU, none read back`,
          JSON.stringify(playing));
    await page.evaluate(() => window.texsortPage.status().clip.player.pause());
    // Paused, the page compiles ahead as for a picture: a first new key then links no program.
    await page.waitForFunction(() => window.texsortPage.status().warmLeft === 0, { timeout: 600000, polling: 250 });
    const linked = await page.evaluate(() => {
      const proto = WebGL2RenderingContext.prototype, link = proto.linkProgram;
      window.linkedNow = 0;
      proto.linkProgram = function (...a) { window.linkedNow++; return link.apply(this, a); };
      window.linkProgramAsBuilt = link;
      return window.texsortPage.status().settled;
    });
    await page.select('#option-key', 'hue');
    await page.waitForFunction((n) => window.texsortPage.status().settled > n && !window.texsortPage.status().sorting,
                               { timeout: 120000 }, linked);
    const links = await page.evaluate(() => {
      WebGL2RenderingContext.prototype.linkProgram = window.linkProgramAsBuilt;
      return window.linkedNow;
    });
    check(links === 0, `${name}: paused, the programs of a new key are made ahead`, `${links} programs linked`);
    let last = null;
    for (let k = 0; k < 5; k++) {
      const time = (k + 0.5) / fps;
      const before = await page.evaluate(() => window.texsortPage.status().settled);
      await page.evaluate((t) => window.texsortPage.status().clip.player.seek(t), time);
      await page.waitForFunction((n, t) => {
        const st = window.texsortPage.status();
        return st.settled > n && !st.sorting && !st.queued && Math.abs(st.clip.frame.time - t) < 1e-3;
      }, { timeout: 120000 }, before, time);
      const shown = await page.evaluate(async () => {
        const st = window.texsortPage.status();
        const saved = await window.texsortPage.savedPng();
        const v = st.clip.player.video, decoded = window.texsortPage.pixelsOf(v, v.videoWidth, v.videoHeight).rgba;
        return { args: st.args, drawn: Array.from(window.texsort.live.read().rgba), frame: Array.from(st.clip.frame.rgba),
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
  await page.waitForFunction(() => window.releaseSave && window.texsortPage.status().savingClip, { timeout: 120000 });
  const n5 = await page.evaluate(() => window.texsortPage.status().settled);
  await page.click('#sample-coffee');
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && !window.texsortPage.status().clip, { timeout: 120000 }, n5);
  await page.evaluate(() => { window.restoreRun(); window.releaseSave(); });
  await page.waitForFunction(() => !window.texsortPage.status().savingClip, { timeout: 120000 });
  // ... and says so: the save stopped, nothing saved, beside the new picture's own status.
  const stopped = await page.$eval('#status', (e) => e.textContent);
  check(/^sorted in [0-9.]+ s · Save clip of ten\.webm stopped when coffee\.png was opened: nothing saved$/.test(stopped),
        'a save cut short by another picture says so', stopped);
  await openTen();
  await page.select('#option-key', 'hue');
  await page.select('#clip-format', 'png');
  await page.click('#clip-save');
  await page.waitForFunction(() => window.texsortPage.savedClip() && !window.texsortPage.status().savingClip, { timeout: 300000 });
  const savedClip = await page.evaluate(() => {
    const { bytes, frames, decodedBy } = window.texsortPage.savedClip();
    return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.status().args, decodedBy };
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
      const clip = window.texsortPage.status().clip.player, frames = [];
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
  await page.evaluate(() => { window.texsortPage.forgetSavedClip(); });
  await page.select('#clip-format', 'webm');
  await catchNextDownload(page);
  await page.click('#clip-save');
  await page.waitForFunction(() => window.texsortPage.savedClip() && !window.texsortPage.status().savingClip, { timeout: 300000 });
  const savedWebm = await page.evaluate(async () => {
    const { bytes, frames } = window.texsortPage.savedClip();
    const video = document.createElement('video');
    video.src = URL.createObjectURL(new Blob([bytes], { type: 'video/webm' }));
    const plays = await new Promise((resolve) => {
      video.onloadeddata = () => resolve(`${video.videoWidth}x${video.videoHeight} ${video.duration.toFixed(2)} s`);
      video.onerror = () => resolve('error ' + video.error?.message);
    });
    return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), plays, name: window.downloaded[0],
             args: window.texsortPage.status().args };
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
    await page.evaluate((t) => window.texsortPage.status().clip.player.seek(t), (k + 0.5) / fps);
    await page.waitForFunction((i) => { const st = window.texsortPage.status(); return st.clip.index === i && !st.sorting && !st.queued; },
                               { timeout: 120000 }, k);
  };
  await page.evaluate(() => window.texsortPage.status().clip.player.pause());
  await page.evaluate(() => window.texsortPage.status().clip.player.seek(1));  // the end: the last frame, 9
  await page.waitForFunction(() => window.texsortPage.status().clip.index === 9 && window.texsortPage.status().clip.frame.time === 1,
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
    const { bytes, frames } = window.texsortPage.savedClip();
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
}

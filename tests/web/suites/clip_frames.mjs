// --- tests/web/suites/clip_frames: the clip suite's second half: Record, clips of one frame and of sound, GIFs, frames numbered while playing and paused, late starts, alpha, the phone's clip bar, bad files. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { cliSortOf } from '../support/native.mjs';
import { catchNextDownload, saveClipNow } from '../support/page.mjs';
import { paths } from '../support/paths.mjs';
import { pngHeader } from '../support/pictures.mjs';

export async function suiteClipFrames(page, problems, { dir, fps, frameBytes, openClipFile, keyLower }) {
  // Record: what the page shows while it plays a clip with sound, as WebM with the sound, every
  // frame drawn in it (MediaRecorder may merge a few: at least 80 %), playable in the page.
  const noisy = path.join(dir, 'noisy.webm');
  const withSound = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=96x64:r=${fps}:d=1.5`, '-f', 'lavfi',
                                         '-i', 'sine=f=440:d=1.5', '-c:v', 'libvpx-vp9', '-c:a', 'libopus', '-shortest', noisy]);
  if (withSound.status !== 0) throw new Error('ffmpeg: ' + withSound.stderr.toString());
  const n3 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(noisy);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().clip?.name === 'noisy.webm' &&
                             window.texsortPage.status().clip.shown >= 2, { timeout: 120000 }, n3);
  await page.click('#clip-record');
  await page.waitForFunction(() => window.texsortPage.status().recording?.frames >= 2 * 10, { timeout: 120000 });
  await page.click('#clip-record');
  await page.waitForFunction(() => window.texsortPage.recorded(), { timeout: 60000 });
  const recorded = await page.evaluate(async () => {
    const { blob, frames } = window.texsortPage.recorded();
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
  await page.waitForFunction(() => window.texsortPage.status().recording?.frames >= 2, { timeout: 120000 });
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
  const n6 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(one);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().clip?.name === 'one.webm' &&
                             window.texsortPage.status().clip.shown >= 1, { timeout: 120000 }, n6);  // not the coffee's settle
  await saveClipNow(page, 120000);
  const oneSaved = await page.evaluate(() => window.texsortPage.savedClip()?.frames.length ?? document.getElementById('status').textContent);
  check(oneSaved === 1, 'Save clip of a clip of one frame gives one frame', String(oneSaved));
  const n7 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(sound);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && !window.texsortPage.status().clip, { timeout: 120000 }, n7);
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
  const n9 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(gif);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().clip?.name === 'anim.gif' &&
                             window.texsortPage.status().clip.shown >= 2, { timeout: 120000 }, n9);
  await page.evaluate(() => { window.texsortPage.status().clip.player.pause(); window.texsortPage.status().clip.player.seek(0.05); });
  await page.waitForFunction(() => window.texsortPage.status().clip.index === 0, { timeout: 120000 });
  for (const k of [1, 2]) {
    await page.click('#clip-next');
    await page.waitForFunction((i) => { const st = window.texsortPage.status(); return st.clip.index === i && !st.sorting && !st.queued; },
                               { timeout: 120000 }, k);
  }
  const stepped = await page.evaluate(() => ({ frame: Array.from(window.texsortPage.status().clip.frame.rgba), args: window.texsortPage.status().args,
                                               drawn: Array.from(window.texsort.live.read().rgba), playing: window.texsortPage.status().clip.player.playing,
                                               command: document.getElementById('command').textContent }));
  check(gifFrames.length === 10 * frameBytes && gifFrame(2).equals(Buffer.from(stepped.frame)) && !stepped.playing &&
        cliSortOf(dir, 'gif2', stepped.frame, 64, 48, stepped.args).equals(Buffer.from(stepped.drawn)) &&
        stepped.command.startsWith('texsort pixelsort anim.gif -o sorted.mkv'),
        'an animated GIF plays as a clip: frame 2 stepped to is ffmpeg\'s frame 2, drawn as the CLI sorts it', stepped.command);
  // Under a preset with earlier sorts (asdf), each frame stepped to runs them again on that frame:
  // drawn as the CLI's sort of it with the preset's sorts.
  const nPreset = await page.evaluate(() => window.texsortPage.status().settled);
  await page.select('#option-preset', 'asdf');
  await page.waitForFunction((n) => { const st = window.texsortPage.status(); return st.settled > n && !st.sorting && !st.queued; },
                             { timeout: 120000 }, nPreset);
  for (const k of [3, 4]) {
    await page.click('#clip-next');
    await page.waitForFunction((i) => { const st = window.texsortPage.status(); return st.clip.index === i && !st.sorting && !st.queued; },
                               { timeout: 120000 }, k);
    const under = await page.evaluate(() => ({ frame: Array.from(window.texsortPage.status().clip.frame.rgba),
                                               args: window.texsortPage.status().args, drawn: Array.from(window.texsort.live.read().rgba) }));
    check(under.args.includes('--then') && gifFrame(k).equals(Buffer.from(under.frame)) &&
          cliSortOf(dir, `asdf${k}`, under.frame, 64, 48, under.args).equals(Buffer.from(under.drawn)),
          `a GIF's frame ${k} stepped to under a preset with earlier sorts is the CLI's sort of it`, under.args.join(' '));
  }
  const nReset = await page.evaluate(() => window.texsortPage.status().settled);
  await page.click('#reset');
  await page.waitForFunction((n) => { const st = window.texsortPage.status(); return st.settled > n && !st.sorting && !st.queued; },
                             { timeout: 120000 }, nReset);
  await saveClipNow(page);
  const gifSaved = await page.evaluate(() => {
    const { bytes, frames } = window.texsortPage.savedClip();
    return { bytes: Array.from(bytes), frames: frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.status().args };
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
  await page.evaluate(() => { const clip = window.texsortPage.status().clip.player; clip.pause(); clip.seek(clip.duration); });
  await page.waitForFunction(() => { const st = window.texsortPage.status(); return st.clip.index === 4 && !st.sorting && !st.queued; },
                             { timeout: 120000 });
  await keyLower('0.7');
  const unevenKeyed = await page.evaluate(() => ({ command: document.getElementById('command').textContent, count: window.texsortPage.status().clip.player.count }));
  // A keyed value Save clip cannot sort with names its frame, as the CLI's --animate does.
  const setUpper = (v) => page.$eval('#option-upper', (el, value) => { el.value = value; el.dispatchEvent(new Event('input')); }, v);
  await setUpper('0.5');
  await page.waitForFunction(() => { const st = window.texsortPage.status(); return st.stale && !st.sorting && !st.queued; }, { timeout: 120000 });
  await page.click('#clip-save');
  await page.waitForFunction(() => !window.texsortPage.status().savingClip, { timeout: 120000 });  // busy from the click on
  const keyedError = await page.evaluate(() => document.getElementById('status').textContent);
  check(/^--animate: at frame 0: .*--lower 0\.7/.test(keyedError), 'Save clip names the frame a keyed value cannot sort', keyedError);
  await setUpper('0.8');
  await page.click('#key-clear');
  await page.$eval('#option-lower', (el) => { el.value = '0.25'; el.dispatchEvent(new Event('input')); });
  await saveClipNow(page);
  const unevenApng = path.join(dir, 'uneven-sorted.png');
  fs.writeFileSync(unevenApng, Buffer.from(await page.evaluate(() => Array.from(window.texsortPage.savedClip().bytes))));
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
    const st = window.texsortPage.status(), samples = [];
    st.clip.player.play();
    for (let last = st.settled; samples.length < 8;) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      if (st.settled === last || st.sorting || st.queued) continue;
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
    const st = window.texsortPage.status(), clip = st.clip.player;
    clip.pause();
    const since = st.settled;
    while (st.settled === since || st.sorting || st.queued) await new Promise((resolve) => requestAnimationFrame(resolve));
    return [st.clip.index, Math.round((window.texsort.live.source().rgba[3] - 5) / 10), clip.indexAt(clip.video.currentTime)];
  });
  const paused = [];
  for (let i = 0; i < 3; i++) {
    paused.push(await settledPause());
    await page.evaluate(() => window.texsortPage.status().clip.player.play());
    await page.waitForFunction((k) => window.texsortPage.status().clip.index !== k, { timeout: 120000 }, paused[i][0]);
  }
  const lastStep = await page.evaluate(async () => {
    const st = window.texsortPage.status(), clip = st.clip.player, at = [];
    const stepTo = async (n) => {  // a step seeks, to the frame it is on too, and the frame sought settles
      const since = st.settled;
      clip.step(n);
      while (st.settled === since || st.sorting || st.queued) await new Promise((resolve) => requestAnimationFrame(resolve));
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
    spawnSync(path.resolve(paths.native), ['pixelsort', file, '-o', out, '-q']);
    const cliFrames = Number(spawnSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0',
                                                   out]).stdout.toString().trim());
    await openClipFile(file);
    const late = await page.evaluate(async () => {
      const clip = window.texsortPage.status().clip.player, seen = [];
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
  const twoTimed = await page.evaluate(() => { const clip = window.texsortPage.status().clip.player; return [clip.count, clip.secondsOf(0)]; });
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
  const seen = await page.evaluate(() => { const saved = window.texsortPage.savedClip();
    return saved ? { bytes: Array.from(saved.bytes), frames: saved.frames.map((f) => Array.from(f.rgba)), args: window.texsortPage.status().args }
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
    const saved = window.texsortPage.savedClip();
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
  spawnSync('ffmpeg', ['-v', 'error', '-loop', '1', '-i', path.join(paths.assets, 'astronaut.png'), '-vf',
                       "crop=320:240:x='96+60*sin(t)':y='140+40*cos(t)',format=yuv420p", '-t', '2', '-r', '25',
                       '-c:v', 'libvpx-vp9', '-crf', '30', '-b:v', '0', pan]);
  const n8 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(pan);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().clip?.name === 'astronaut-pan.webm' &&
                             window.texsortPage.status().clip.shown >= 8, { timeout: 120000 }, n8);
  await page.setViewport({ width: 390, height: 844 });
  const phone = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    cut: [...document.querySelectorAll('#clip-bar button, #clip-bar input, #clip-bar select')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((e) => e.id) }));
  check(phone.scroll <= 390 && phone.cut.length === 0, 'the clip bar fits a phone', JSON.stringify(phone));
  await page.setViewport({ width: 1280, height: 800 });
  await page.evaluate(() => window.texsortPage.status().clip.player.pause());
  if (process.env.TEXSORT_WEB_SHOTS) {
    await page.waitForFunction(() => !window.texsortPage.status().sorting, { timeout: 120000 });
    await page.screenshot({ path: path.join(process.env.TEXSORT_WEB_SHOTS, 'web-clip.png') });
    // The README's short recording: Save clip of a smaller pan, as an animated PNG.
    const small = path.join(dir, 'astronaut-pan-small.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-i', pan, '-vf', 'scale=160:120', '-r', '10', '-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0', small]);
    await openClipFile(small);
    await page.select('#clip-format', 'png');
    await saveClipNow(page, 600000);
    const recording = await page.evaluate(() => Array.from(window.texsortPage.savedClip().bytes));
    fs.writeFileSync(path.join(process.env.TEXSORT_WEB_SHOTS, 'web-clip-sorted.png'), Buffer.from(recording));
  }
  // A file that claims to be a clip and is not: one line naming it, no picture.
  const bad = path.join(dir, 'broken.webm');
  fs.writeFileSync(bad, Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 7)]));
  const n1 = await page.evaluate(() => window.texsortPage.status().settled);
  await (await page.$('#file')).uploadFile(bad);
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && !window.texsortPage.status().clip, { timeout: 60000 }, n1);
  const said = await page.evaluate(() => ({ text: document.getElementById('status').textContent,
                                            clip: !!window.texsortPage.status().clip,
                                            bar: document.getElementById('clip-bar').hidden }));
  check(said.text.startsWith('broken.webm: the browser cannot play') && !said.clip && said.bar,
        'a clip the browser cannot play is named in one line', JSON.stringify(said));
  // A picture opened after a clip: the clip stops and the picture is sorted as before.
  const n2 = await page.evaluate(() => window.texsortPage.status().settled);
  await page.click('#sample-coffee');
  await page.waitForFunction((n) => window.texsortPage.status().settled > n && window.texsortPage.status().sorted,
                             { timeout: 120000 }, n2);
  const after = await page.evaluate(() => document.getElementById('command').textContent);
  check(after.startsWith('texsort pixelsort coffee.png -o sorted.png'), 'a picture opened after a clip is a picture again', after);
  check(problems.length === 0, 'no console error', problems.join('; '));
}

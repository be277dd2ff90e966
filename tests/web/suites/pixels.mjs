// --- tests/web/suites/pixels: texsort.run gives the native program's exit codes, messages and exactly its pixels. ---
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { runWeb } from '../support/page.mjs';
import { madeIn, makeInputs, pixels, pngHeader } from '../support/pictures.mjs';

export async function suitePixels(page) {
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

// --- tests/web/support/pictures: pictures for the checks: PNG headers and pixels by ffmpeg, pictures drawn by filter graphs, luma PSNR. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { paths } from './paths.mjs';

// A PNG's size and colour type from its header, and its pixels as RGBA (ffmpeg decodes it).
export function pngHeader(bytes) {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return 'not a PNG';
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)} depth ${bytes[24]} colour type ${bytes[25]}`;
}
export function pixels(bytes) {
  const r = spawnSync('ffmpeg', ['-v', 'error', '-f', 'png_pipe', '-i', '-', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                      { input: bytes, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error('ffmpeg could not decode: ' + r.stderr.toString());
  return r.stdout;
}
// The peak signal-to-noise ratio of picture b's luma (BT.709 weights of its RGBA) against a's, in dB.
export function lumaPsnrOf(a, b) {
  if (a.length !== b.length || !a.length) return -Infinity;
  let sum = 0;
  const luma = (p, i) => 0.2126 * p[i] + 0.7152 * p[i + 1] + 0.0722 * p[i + 2];
  for (let i = 0; i < a.length; i += 4) sum += (luma(a, i) - luma(b, i)) ** 2;
  return sum === 0 ? Infinity : 10 * Math.log10(255 ** 2 / (sum / (a.length / 4)));
}
// A picture ffmpeg draws from a filter graph into dir/name, in a pixel format; its bytes.
export function madeIn(dir, name, filter, format) {
  const file = path.join(dir, name);
  const r = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', filter, '-frames:v', '1', '-pix_fmt', format, file]);
  if (r.status !== 0) throw new Error('ffmpeg: ' + r.stderr.toString());
  return fs.readFileSync(file);
}
export function makeInputs(dir) {
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
    astronaut: fs.readFileSync(path.join(paths.assets, 'astronaut.png')),
  };
}

// --- tests/web/suites/clip_colours: a clip's frames as the page decodes them are the command line's decode of them: the YUV matrix a stream is tagged with, or the one browsers use for an untagged stream, and texsort's own clips tagged. ---
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { paths } from '../support/paths.mjs';

// Mean |difference| of two RGBA byte runs over R, G and B, in levels.
function meanApart(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs(a[i] - b[i]);
  return sum / (a.length * 0.75);
}

// Untagged clips of each rule (VP9 at any size: BT.709; H.264 under 720 rows: BT.601, from 720:
// BT.709; VP8: BT.601) and a tagged one, made by ffmpeg; then texsort's own WebM read back. The
// page's first frame (as Save clip walks it) and the CLI's (--mix 0 writes the frames as decoded,
// in lossless FFV1) are within 3 levels on average on these small, sharp test patterns (about 1 on
// a 320x180 one): decoders interpolate chroma each their own way, so they are not equal to the bit
// (docs/web.md). ffmpeg's own defaults were 6 apart with the right matrix, 10 with the wrong one.
export async function clipColoursMatchTheCli(page, { dir, openClipFile }) {
  const native = path.resolve(paths.native), src = (s) => `testsrc2=s=${s}:r=10`;
  const made = [['vp9.webm', src('96x64'), ['-c:v', 'libvpx-vp9', '-crf', '20', '-b:v', '0']],
                ['h264.mp4', src('96x64'), ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '18']],
                ['h264-720.mp4', src('64x720'), ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '18']],
                ['vp8.webm', src('96x64'), ['-c:v', 'libvpx', '-crf', '10', '-b:v', '1M']],
                ['tagged.mp4', src('96x64'), ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-crf', '18', '-colorspace', 'bt709']]];
  const files = [];
  for (const [name, source, codec] of made) {
    files.push(path.join(dir, name));
    spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', '2', ...codec, files.at(-1)]);
  }
  const own = path.join(dir, 'own.webm'), own720 = path.join(dir, 'own-720.mp4');  // texsort's own: BT.601, tagged so
  spawnSync(native, ['pixelsort', files[0], '-o', own, '-q']);
  spawnSync(native, ['pixelsort', files[2], '-o', own720, '-q']);
  const tag = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=color_space,color_primaries', '-of', 'csv=p=0', own]).stdout.toString().trim();
  check(tag === 'smpte170m,smpte170m', 'texsort\'s WebM says the YUV colours it was made with', tag);
  for (const file of [...files, own, own720]) {
    const lossless = `${file}.mkv`;
    spawnSync(native, ['pixelsort', file, '-o', lossless, '--mix', '0', '-q']);
    const cli = spawnSync('ffmpeg', ['-v', 'error', '-i', lossless, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-'],
                          { maxBuffer: 1 << 28 }).stdout;
    await openClipFile(file);
    const shown = Buffer.from(await page.evaluate(async () => {
      const clip = window.texsortPage.status().clip.player, frame = await clip.frameAt(clip.timeOf(0));
      let text = '';
      for (let i = 0; i < frame.rgba.length; i += 0x8000) text += String.fromCharCode(...frame.rgba.subarray(i, i + 0x8000));
      clip.walkEnd();
      clip.quiet = false;
      return btoa(text);
    }), 'base64');
    const apart = shown.length === cli.length && cli.length > 0 ? meanApart(shown, cli) : Infinity;
    check(apart <= 3, `${path.basename(file)}: the page decodes its frames as the CLI does`,
          `${apart.toFixed(2)} levels apart on average (${shown.length} and ${cli.length} bytes)`);
  }
}

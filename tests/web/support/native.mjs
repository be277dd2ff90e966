// --- tests/web/support/native: the native program beside the page: its runs, and its sort of a frame. ---
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { paths } from './paths.mjs';
import { pixels } from './pictures.mjs';

export function runNative(args, input, cwd) {
  const r = spawnSync(path.resolve(paths.native), args, { argv0: 'texsort', input: input || Buffer.alloc(0), maxBuffer: 1 << 30, cwd });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.toString() };
}
// The native CLI's sort (`args`) of a frame's RGBA pixels, written as dir/name.png first: its
// pixels as RGBA, or null with the CLI's message in `why`.
export function cliSortOf(dir, name, rgba, width, height, args) {
  const file = path.join(dir, name + '.png');
  const png = spawnSync('ffmpeg', ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${width}x${height}`, '-i', '-',
                                   '-frames:v', '1', '-y', file], { input: Buffer.from(rgba) });
  if (png.status !== 0) throw new Error('ffmpeg: ' + png.stderr.toString());
  const cli = runNative(['pixelsort', file, '-o', '-', '-q', ...args]);
  return cli.code === 0 ? pixels(cli.stdout) : Object.assign(Buffer.alloc(0), { why: cli.stderr });
}

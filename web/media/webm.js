// --- media/webm: frames encoded as VP9 by WebCodecs and written as a WebM file (alpha as libvpx
// keeps it). ---
import { concat } from './bytes.js';

// Frames encoded as VP9 by WebCodecs and written as WebM: add(pixels, seconds) one frame after
// another ({rgba, width, height} or anything VideoFrame takes), each lasting its seconds; finish()
// resolves to the file. With `alpha` (pixels must then be {rgba, ...}) the alpha goes as WebM
// keeps it: a second VP9 stream whose frames' luma is the alpha, each frame beside its colour
// frame (BlockAdditional 1), as libvpx writes it (Chromium's encoder takes no alpha itself). Null
// where the browser has no VP9 encoder for this size. `fps`: the rate the encoder plans for.
export async function webmEncoder(width, height, fps, alpha = false) {
  if (typeof VideoEncoder === 'undefined') return null;
  const config = { codec: 'vp09.00.41.08', width, height, framerate: fps, bitrateMode: 'quantizer' };
  if (!(await VideoEncoder.isConfigSupported(config).catch(() => ({}))).supported) return null;
  const blocks = [], alphas = new Map();  // alphas: the alpha stream's frames by their time
  let failure = null, colour = null, count = 0, at = 0, lastKey = -Infinity;  // at: µs
  const made = (output) => {
    const encoder = new VideoEncoder({ output, error: (e) => { failure = e; } });
    encoder.configure(config);
    return encoder;
  };
  const bytesOf = (chunk) => { const data = new Uint8Array(chunk.byteLength); chunk.copyTo(data); return data; };
  const encoders = [made((chunk, meta) => {
    blocks.push({ key: chunk.type === 'key', time: chunk.timestamp, data: bytesOf(chunk) });
    colour = meta?.decoderConfig?.colorSpace || colour;
  })];
  if (alpha) encoders.push(made((chunk) => alphas.set(chunk.timestamp, bytesOf(chunk))));
  const durations = new Set();
  return {
    async add(pixels, seconds) {
      if (failure) throw failure;
      const time = { timestamp: at, duration: Math.round(seconds * 1e6) };
      const frames = [pixels.rgba ? new VideoFrame(pixels.rgba, { format: 'RGBA', codedWidth: width, codedHeight: height, ...time })
                                  : new VideoFrame(pixels, time)];
      if (alpha) frames.push(alphaFrame(pixels, time));
      const key = at - lastKey >= 2e6;  // a key frame every 2 s: seeking stays quick
      if (key) lastKey = at;
      encoders.forEach((e, i) => e.encode(frames[i], { keyFrame: key, vp9: { quantizer: 8 } }));
      frames.forEach((f) => f.close());
      count += 1;
      at += time.duration;
      durations.add(time.duration);
      while (encoders.some((e) => e.encodeQueueSize > 2)) {
        await new Promise((resolve) => encoders.find((e) => e.encodeQueueSize > 2).addEventListener('dequeue', resolve, { once: true }));
      }
    },
    async finish() {
      for (const e of encoders) await e.flush();
      encoders.forEach((e) => e.close());
      if (failure) throw failure;
      const all = blocks.map((b) => ({ ...b, ms: Math.round(b.time / 1000), alpha: alphas.get(b.time) }));
      return webmOf(all, { width, height, seconds: at / 1e6, colour, alpha, frameNs: durations.size === 1 ? at * 1000 / count : 0 });
    },
    close() { encoders.forEach((e) => e.state !== 'closed' && e.close()); },
  };
}
// The alpha of {rgba, width, height} as an I420 frame: its luma the alpha, its chroma grey.
function alphaFrame({ rgba, width, height }, time) {
  const [cw, ch] = [Math.ceil(width / 2), Math.ceil(height / 2)], planes = new Uint8Array(width * height + 2 * cw * ch).fill(128);
  for (let i = 0; i < width * height; i++) planes[i] = rgba[4 * i + 3];
  return new VideoFrame(planes, { format: 'I420', codedWidth: width, codedHeight: height, ...time });
}

// A WebM file (Matroska's EBML) of one VP9 track lasting `seconds`, its frames `frameNs` apart
// (0: each its own time): the header, the segment's info and track, a cluster from each key
// frame, and cues to seek by. With `alpha`, each block's alpha frame beside it (alphaBlock).
function webmOf(blocks, { width, height, seconds, colour, alpha, frameNs }) {
  const bytes = (n, size) => Uint8Array.from({ length: size }, (_, i) => Math.floor(n / 2 ** (8 * (size - 1 - i))) & 255);
  const uint = (n) => bytes(n, Math.max(1, Math.ceil(Math.log2(n + 1) / 8)));
  const idOf = (id) => bytes(id, Math.ceil(Math.log2(id + 1) / 8));
  const el = (id, ...parts) => {
    const payload = concat(parts);
    return concat([idOf(id), Uint8Array.of(1), bytes(payload.length, 7), payload]);  // sizes as 8-byte numbers
  };
  const text = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  const float = (x) => { const b = new Uint8Array(8); new DataView(b.buffer).setFloat64(0, x); return b; };
  const code = (table, name) => uint(table[name] ?? 2);  // 2: unspecified
  const colours = colour ? [el(0x55B0, el(0x55B1, code({ rgb: 0, bt709: 1, bt470bg: 5, smpte170m: 6 }, colour.matrix)),
                                 el(0x55B9, uint(colour.fullRange ? 2 : 1)),
                                 el(0x55BA, code({ bt709: 1, smpte170m: 6, 'iec61966-2-1': 13, linear: 8 }, colour.transfer)),
                                 el(0x55BB, code({ bt709: 1, bt470bg: 5, smpte170m: 6 }, colour.primaries)))] : [];
  const head = [
    el(0x1549A966, el(0x2AD7B1, uint(1e6)), el(0x4D80, text('texsort')), el(0x5741, text('texsort')),
       el(0x4489, float(seconds * 1000))),  // info: times in ms, the duration
    el(0x1654AE6B, el(0xAE, el(0xD7, uint(1)), el(0x73C5, uint(1)), el(0x83, uint(1)), el(0x9C, uint(0)),
                      el(0x86, text('V_VP9')), ...(frameNs ? [el(0x23E383, uint(Math.round(frameNs)))] : []),
                      el(0xE0, el(0xB0, uint(width)), el(0xBA, uint(height)), ...(alpha ? [el(0x53C0, uint(1))] : []),
                         ...colours))),  // one video track (AlphaMode 1: alpha beside each frame)
  ];
  const clusters = [], cues = [];
  let at = head.reduce((n, e) => n + e.length, 0);
  for (let i = 0; i < blocks.length;) {
    const first = blocks[i], start = first.ms, inside = [];
    do {
      const b = blocks[i];
      const relative = Uint8Array.of((b.ms - start) >> 8 & 255, (b.ms - start) & 255);
      inside.push(b.alpha ? alphaBlock(el, b, relative, blocks[i - 1])
                          : el(0xA3, Uint8Array.of(0x81), relative, Uint8Array.of(b.key ? 0x80 : 0), b.data));
      i += 1;
    } while (i < blocks.length && !blocks[i].key && blocks[i].ms - start < 30000);
    const cluster = el(0x1F43B675, el(0xE7, uint(start)), ...inside);
    if (first.key) {  // a cluster that starts with a key frame: a place to seek to
      cues.push(el(0xBB, el(0xB3, uint(start)), el(0xB7, el(0xF7, uint(1)), el(0xF1, uint(at)))));
    }
    clusters.push(cluster);
    at += cluster.length;
  }
  const header = el(0x1A45DFA3, el(0x4286, uint(1)), el(0x42F7, uint(1)), el(0x42F2, uint(4)), el(0x42F3, uint(8)),
                    el(0x4282, text('webm')), el(0x4287, uint(4)), el(0x4285, uint(2)));
  return concat([header, el(0x18538067, ...head, ...clusters, el(0x1C53BB6B, ...cues))]);
}
// A frame with its alpha frame, as a BlockGroup: the Block, a BlockMore of BlockAddID 1 holding the
// alpha, and for a frame that is not a key frame a ReferenceBlock to the frame before (a group
// has no key flag; its absence says key).
function alphaBlock(el, b, relative, before) {
  const back = Math.max(-32768, before ? before.ms - b.ms : 0);
  const reference = b.key ? [] : [el(0xFB, Uint8Array.of((back >> 8) & 255, back & 255))];
  return el(0xA0, el(0xA1, Uint8Array.of(0x81), relative, Uint8Array.of(0), b.data),
            el(0x75A1, el(0xA6, el(0xEE, Uint8Array.of(1)), el(0xA5, b.alpha))), ...reference);
}

// --- media/apng: an animated PNG joined from texsort's PNG files. ---
import { concat, crc32 } from './bytes.js';
// An animated PNG of texsort's PNG files (one a frame, alike in size and colour type), frame k
// shown for seconds[k], looping: the first file's chunks with an acTL, each frame's image data
// behind an fcTL (IDAT for the first, fdAT after). Null when the files do not match.
export function apngOf(pngs, seconds) {
  const chunksOf = (png) => {
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength), chunks = [];
    for (let at = 8; at + 12 <= png.length;) {
      const length = view.getUint32(at), type = String.fromCharCode(...png.subarray(at + 4, at + 8));
      chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
      at += 12 + length;
    }
    return chunks;
  };
  const frames = pngs.map(chunksOf), header = frames[0].find((c) => c.type === 'IHDR').data;
  const sameHeader = (f) => f.find((c) => c.type === 'IHDR').data.every((v, i) => v === header[i]);
  if (!frames.every(sameHeader)) return null;
  const out = [Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10])];
  const put = (type, data) => out.push(chunk(type, data));
  const u32 = (...values) => { const b = new Uint8Array(4 * values.length), v = new DataView(b.buffer);
                               values.forEach((x, i) => v.setUint32(4 * i, x)); return b; };
  let sequence = 0;
  for (const c of frames[0]) {
    if (c.type === 'IDAT') break;
    put(c.type, c.data);
    if (c.type === 'IHDR') put('acTL', u32(frames.length, 0));
  }
  frames.forEach((f, k) => {
    const control = new Uint8Array(26);
    control.set(u32(sequence++, header[0] << 24 | header[1] << 16 | header[2] << 8 | header[3],
                    header[4] << 24 | header[5] << 16 | header[6] << 8 | header[7], 0, 0));
    const [num, den] = delayOf(seconds[k]);
    control.set([num >> 8, num & 255, den >> 8, den & 255, 0, 0], 20);  // num/den s, dispose none, blend source
    put('fcTL', control);
    for (const c of f.filter((x) => x.type === 'IDAT')) {
      if (k === 0) put('IDAT', c.data);
      else put('fdAT', concat([u32(sequence++), c.data]));
    }
  });
  put('IEND', new Uint8Array(0));
  return concat(out);
}

// A frame's time as an APNG delay fraction: in ms, or in hundredths past 65.535 s (at most 655.35 s).
function delayOf(seconds) {
  const ms = Math.max(1, Math.round(seconds * 1000));
  return ms <= 0xffff ? [ms, 1000] : [Math.min(0xffff, Math.round(seconds * 100)), 100];
}

// A PNG chunk: length, type, data, CRC-32 of type and data.
function chunk(type, data) {
  const b = new Uint8Array(12 + data.length), v = new DataView(b.buffer);
  v.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) b[4 + i] = type.charCodeAt(i);
  b.set(data, 8);
  v.setUint32(8 + data.length, crc32(b.subarray(4, 8 + data.length)));
  return b;
}

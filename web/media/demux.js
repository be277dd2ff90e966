// --- media/demux: the video track of a WebM or MP4 file as WebCodecs' VideoDecoder takes it: its
// decoder config and its coded frames in decoding order, each with its presentation time. Save
// clip decodes a clip so, frame after frame, where the browser has VideoDecoder (FrameWalk); anything this does
// not read (another container, a codec without a config here, laced blocks, a WebM with alpha,
// which VideoDecoder drops) gives null, and the page steps its <video> instead. ---

// --- WebM (Matroska's EBML): elements read one after another; the masters that hold what is
// needed are entered rather than skipped, so a Segment or Cluster of unknown size (what
// MediaRecorder writes) reads as well as one of known size. ---
const ebml = {
  segment: 0x18538067, info: 0x1549a966, timecodeScale: 0x2ad7b1, tracks: 0x1654ae6b, trackEntry: 0xae,
  trackNumber: 0xd7, trackType: 0x83, codecId: 0x86, codecPrivate: 0x63a2, video: 0xe0, pixelWidth: 0xb0,
  pixelHeight: 0xba, cluster: 0x1f43b675, timecode: 0xe7, simpleBlock: 0xa3, blockGroup: 0xa0, block: 0xa1,
  referenceBlock: 0xfb, alphaMode: 0x53c0, blockAdditions: 0x75a1,
};
const entered = new Set([ebml.segment, ebml.info, ebml.tracks, ebml.trackEntry, ebml.video, ebml.cluster, ebml.blockGroup]);

// A variable-length number at `at`: {value, length}; with `keepMarker` (element IDs) its first
// byte's length marker stays. Null past the end or for a first byte of 0.
function vint(bytes, at, keepMarker) {
  const first = bytes[at];
  if (at >= bytes.length || !first) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length), allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i];
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value: !keepMarker && allOnes ? Infinity : value, length };  // Infinity: an unknown size
}
const uint = (bytes, at, size) => bytes.subarray(at, at + size).reduce((v, b) => v * 256 + b, 0);

function webmElements(bytes, visit) {
  let at = 0;
  while (at < bytes.length) {
    const id = vint(bytes, at, true), size = id && vint(bytes, at + id.length, false);
    if (!size) return;
    const start = at + id.length + size.length;
    if (entered.has(id.value)) at = start;
    else {
      if (!Number.isFinite(size.value)) return;  // only a master may have an unknown size
      visit(id.value, bytes.subarray(start, Math.min(bytes.length, start + size.value)));
      at = start + size.value;
    }
    if (id.value === ebml.trackEntry) visit(ebml.trackEntry, null);
    if (id.value === ebml.blockGroup) visit(ebml.blockGroup, null);
  }
}

function demuxWebm(bytes) {
  const tracks = [], blocks = [];
  let scale = 1e6, clusterTime = 0, group = null, alpha = false;
  webmElements(bytes, (id, data) => {
    const track = tracks[tracks.length - 1];
    if (id === ebml.trackEntry) tracks.push({ number: 0, type: 0, codec: '', private: null, width: 0, height: 0 });
    else if (id === ebml.timecodeScale) scale = uint(data, 0, data.length);
    else if (id === ebml.timecode) clusterTime = uint(data, 0, data.length);
    else if (id === ebml.blockGroup) blocks.push(group = { data: null, key: true });
    else if (id === ebml.referenceBlock && group) group.key = false;
    else if (id === ebml.blockAdditions || (id === ebml.alphaMode && uint(data, 0, data.length))) alpha = true;
    else if (id === ebml.simpleBlock || id === ebml.block) {
      const number = vint(data, 0, false), flags = data[number.length + 2];
      const block = { track: number.value, time: clusterTime + ((data[number.length] << 24) >> 16 | data[number.length + 1]),
                      data: data.subarray(number.length + 3), laced: (flags & 0x06) !== 0 };
      if (id === ebml.simpleBlock) blocks.push({ ...block, key: (flags & 0x80) !== 0 });
      else if (group) Object.assign(group, block);
    } else if (track && id === ebml.trackNumber) track.number = uint(data, 0, data.length);
    else if (track && id === ebml.trackType) track.type = uint(data, 0, data.length);
    else if (track && id === ebml.codecId) track.codec = new TextDecoder().decode(data);
    else if (track && id === ebml.codecPrivate) track.private = data;
    else if (track && id === ebml.pixelWidth) track.width = uint(data, 0, data.length);
    else if (track && id === ebml.pixelHeight) track.height = uint(data, 0, data.length);
  });
  const video = tracks.find((t) => t.type === 1);
  const mine = video ? blocks.filter((b) => b.track === video.number && b.data) : [];
  if (!mine.length || mine.some((b) => b.laced) || alpha) return null;  // VideoDecoder would drop the alpha
  const codec = webmCodec(video, mine[0].data);
  if (!codec) return null;
  return { codec, description: video.codec === 'V_AV1' ? video.private ?? undefined : undefined,
           width: video.width, height: video.height,
           frames: mine.map((b) => ({ time: (b.time * scale) / 1e9, key: b.key, data: b.data })) };
}
// The codec string VideoDecoder wants: VP9's profile from its first frame's header, 8 bits for
// profiles 0 and 1, 10 for 2 and 3.
function webmCodec(track, first) {
  if (track.codec === 'V_VP8') return 'vp8';
  if (track.codec === 'V_VP9') {
    const profile = ((first[0] >> 5) & 1) | (((first[0] >> 4) & 1) << 1);
    return `vp09.0${profile}.10.${profile < 2 ? '08' : '10'}`;
  }
  if (track.codec === 'V_AV1' && track.private?.length >= 4) {
    const c = track.private, profile = c[1] >> 5, level = c[1] & 31, tier = c[2] >> 7 ? 'H' : 'M';
    const bits = c[2] & 0x40 ? (profile === 2 && c[2] & 0x20 ? 12 : 10) : 8;
    return `av01.${profile}.${String(level).padStart(2, '0')}${tier}.${String(bits).padStart(2, '0')}`;
  }
  return null;
}

// --- MP4 (ISO BMFF): the first video track's sample table. ---
function boxes(bytes, start, end) {
  const found = [], view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = start; at + 8 <= end;) {
    let size = view.getUint32(at), header = 8;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (size === 1 && at + 16 <= end) [size, header] = [Number(view.getBigUint64(at + 8)), 16];
    else if (size === 0) size = end - at;
    if (size < header || at + size > end) break;
    found.push({ type, start: at + header, end: at + size });
    at += size;
  }
  return found;
}
const child = (bytes, box, type, skip = 0) => box && boxes(bytes, box.start + skip, box.end).find((b) => b.type === type);
const path = (bytes, box, types) => types.reduce((b, t) => child(bytes, b, t), box);

function demuxMp4(bytes) {
  const moov = boxes(bytes, 0, bytes.length).find((b) => b.type === 'moov');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const trak = moov && boxes(bytes, moov.start, moov.end).filter((b) => b.type === 'trak').find((t) => {
    const hdlr = path(bytes, t, ['mdia', 'hdlr']);
    return hdlr && String.fromCharCode(...bytes.subarray(hdlr.start + 8, hdlr.start + 12)) === 'vide';
  });
  const stbl = trak && path(bytes, trak, ['mdia', 'minf', 'stbl']), mdhd = trak && path(bytes, trak, ['mdia', 'mdhd']);
  const stsd = stbl && child(bytes, stbl, 'stsd');
  const entry = stsd && boxes(bytes, stsd.start + 8, stsd.end)[0];
  const avcC = entry && ['avc1', 'avc3'].includes(entry.type) && child(bytes, entry, 'avcC', 78);
  if (!avcC || !mdhd) return null;
  const scale = view.getUint32(mdhd.start + (bytes[mdhd.start] === 1 ? 20 : 12));
  const table = (type, read) => {  // a full box's entries: count at +4, then each read(at) -> [value, next]
    const box = child(bytes, stbl, type);
    if (!box) return null;
    const rows = [];
    for (let i = 0, at = box.start + 8, n = view.getUint32(box.start + 4); i < n && at < box.end; i++) {
      const [value, next] = read(at);
      rows.push(value);
      at = next;
    }
    return rows;
  };
  const pairs = (at) => [[view.getUint32(at), view.getInt32(at + 4)], at + 8];
  const stsz = child(bytes, stbl, 'stsz'), fixed = stsz && view.getUint32(stsz.start + 4);
  const count = stsz ? view.getUint32(stsz.start + 8) : 0;
  if (count > bytes.length) return null;  // not a table of this file's samples
  const sizes = Array.from({ length: count }, (_, i) => fixed || view.getUint32(stsz.start + 12 + 4 * i));
  const chunks = table('stco', (at) => [view.getUint32(at), at + 4]) ?? table('co64', (at) => [Number(view.getBigUint64(at)), at + 8]);
  const toChunk = table('stsc', (at) => [[view.getUint32(at), view.getUint32(at + 4)], at + 12]);
  const deltas = table('stts', pairs), offsets = table('ctts', pairs) ?? [], keys = table('stss', (at) => [view.getUint32(at), at + 4]);
  if (!chunks || !toChunk || !deltas || !count) return null;
  const { shift, delay } = editOf(bytes, view, moov, path(bytes, trak, ['edts', 'elst']));
  const at = sampleOffsets(sizes, chunks, toChunk), decodeTimes = runs(deltas, count, true), shown = runs(offsets, count, false);
  const keySet = keys && new Set(keys);
  const c = bytes.subarray(avcC.start, avcC.end);
  const hex = (b) => b.toString(16).padStart(2, '0');
  return { codec: `avc1.${hex(c[1])}${hex(c[2])}${hex(c[3])}`, description: c, width: view.getUint16(entry.start + 24),
           height: view.getUint16(entry.start + 26),
           frames: sizes.map((size, i) => ({ time: (decodeTimes[i] + shown[i] - shift) / scale + delay,
                                            key: !keySet || keySet.has(i + 1), data: bytes.subarray(at[i], at[i] + size) })) };
}
// The edit list as players apply it: empty edits first delay the track (`delay` seconds, in the
// movie's timescale), then the first edit that shows media starts at its media time (`shift`, in
// the track's).
function editOf(bytes, view, moov, elst) {
  let delay = 0;
  if (!elst) return { shift: 0, delay };
  const mvhd = child(bytes, moov, 'mvhd'), movieScale = mvhd && view.getUint32(mvhd.start + (bytes[mvhd.start] === 1 ? 20 : 12));
  const wide = bytes[elst.start] === 1, size = wide ? 20 : 12;
  for (let i = 0, at = elst.start + 8; i < view.getUint32(elst.start + 4) && at + size <= elst.end; i++, at += size) {
    const duration = wide ? Number(view.getBigUint64(at)) : view.getUint32(at);
    const mediaTime = wide ? Number(view.getBigInt64(at + 8)) : view.getInt32(at + 4);
    if (mediaTime >= 0) return { shift: mediaTime, delay };
    delay += movieScale ? duration / movieScale : 0;
  }
  return { shift: 0, delay };
}
// stts and ctts: [count, value] runs as one value a sample (stts: their running sum, from 0).
function runs(rows, count, sum) {
  const values = [];
  let total = 0;
  for (const [n, value] of rows) {
    for (let i = 0; i < n && values.length < count; i++) {
      values.push(sum ? total : value);
      total += value;
    }
  }
  while (values.length < count) values.push(sum ? total : 0);
  return values;
}
// Each sample's offset in the file from the chunk offsets and stsc's [first chunk, samples a chunk] runs.
function sampleOffsets(sizes, chunks, toChunk) {
  const offsets = [];
  for (let chunk = 0, run = 0, sample = 0; chunk < chunks.length && sample < sizes.length; chunk++) {
    while (run + 1 < toChunk.length && toChunk[run + 1][0] <= chunk + 1) run += 1;
    let at = chunks[chunk];
    for (let i = 0; i < toChunk[run][1] && sample < sizes.length; i++, sample++) {
      offsets.push(at);
      at += sizes[sample];
    }
  }
  return offsets;
}

// The video track of `bytes` ({codec, description, width, height, frames: [{time, key, data}]}
// in decoding order), or null where this reads none.
export function demux(bytes) {
  try {
    if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return demuxWebm(bytes);
    if (String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return demuxMp4(bytes);
  } catch (e) {
    return null;  // a file cut short or malformed: the page steps its <video> instead
  }
  return null;
}

// --- media/frame_walk: a clip's frames decoded one after another by WebCodecs from the file's own
// coded frames, for Save clip. ---
import { demux } from './demux.js';
import { pixelsOf } from './pixels.js';

// Save clip's frames decoded by WebCodecs' VideoDecoder from the file's own coded frames (demux.js),
// in order: pixelsAt(t) is the frame presented at t (the last at or before it), without seeking.
// A time before the last asked for starts again from the first frame. Null where the browser has
// no VideoDecoder or it cannot take the track, and where its first frame is not the <video>'s
// (`shown(first)`, the frame the page plays at time `first`) within rounding, every channel of
// every pixel within 2 levels: the browser guesses a colour space the file does not name one way
// for <video> and another for VideoDecoder (an H.264 stream without colour information: BT.601
// and BT.709 here, 40 levels apart), and Save clip keeps the frames the page shows.
export class FrameWalk {
  static async of(file, first, shown) {
    if (typeof VideoDecoder === 'undefined' || !file) return null;
    const track = demux(new Uint8Array(await file.arrayBuffer()));
    if (!track) return null;
    const config = { codec: track.codec, description: track.description, codedWidth: track.width, codedHeight: track.height };
    const support = await VideoDecoder.isConfigSupported(config).catch(() => ({ supported: false }));
    if (!support.supported) return null;
    const walk = new FrameWalk(track, config), [walked, played] = [await walk.pixelsAt(first), await shown()];
    if (walked && played && walked.rgba.every((b, i) => Math.abs(b - played.rgba[i]) <= 2)) return walk;
    walk.close();
    return null;
  }
  constructor(track, config) {
    [this.track, this.config, this.decoder, this.asked] = [track, config, null, Infinity];
  }
  start() {
    this.close();
    [this.next, this.ready, this.failed, this.flushed, this.progress] = [0, [], false, false, null];
    this.decoder = new VideoDecoder({
      output: (frame) => { this.ready.push(frame); this.progress?.(); },
      error: () => { this.failed = true; this.progress?.(); },
    });
    this.decoder.configure(this.config);
  }
  // {rgba, width, height} of the frame presented at `seconds`; null when the decoder failed.
  async pixelsAt(seconds) {
    if (!this.decoder || seconds < this.asked) this.start();
    this.asked = seconds;
    const at = Math.round(seconds * 1e6), frames = this.track.frames;
    for (;;) {
      while (this.ready.length > 1 && this.ready[1].timestamp <= at) this.ready.shift().close();  // passed
      if (this.failed) return null;
      if (this.ready.some((f) => f.timestamp > at) || (this.flushed && this.ready.length)) break;
      if (this.flushed) return null;
      if (this.next < frames.length) await this.feed(frames[this.next++]);
      else await this.decoder.flush().then(() => { this.flushed = true; }, () => { this.failed = true; });
    }
    const bitmap = await createImageBitmap(this.ready[0]);  // converted as <video> frames are drawn
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
    bitmap.close();
    return pixels;
  }
  // One coded frame to the decoder; resolves once the decoder has taken it or given a frame out.
  feed({ time, key, data }) {
    const progress = new Promise((resolve) => { this.progress = resolve; });
    this.decoder.decode(new EncodedVideoChunk({ type: key ? 'key' : 'delta', timestamp: Math.round(time * 1e6), data }));
    if (this.decoder.decodeQueueSize === 0) return Promise.resolve();
    this.decoder.addEventListener('dequeue', () => this.progress?.(), { once: true });
    return progress;
  }
  close() {
    this.ready?.forEach((f) => f.close());
    this.ready = [];
    if (this.decoder?.state !== 'closed') this.decoder?.close();
    this.decoder = null;
    this.asked = Infinity;
  }
}

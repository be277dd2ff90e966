// --- media/gif_clip: an animated GIF played as a clip, with a clip's controls. ---
import { pixelsOf } from './pixels.js';

// An animated GIF as a clip, with Clip's controls: its frames decoded by WebCodecs' ImageDecoder,
// each shown for its own delay (under 0.02 s: 0.1 s, as ffmpeg and the browsers take it), played
// by the page's clock; onFrame gets each as Clip's do, its source a VideoFrame closed once onFrame
// returns. While playing, a frame that comes while the last is being handed on is left out;
// frameAt leaves none out.
export class GifClip {
  constructor(bytes, onFrame) {
    this.bytes = bytes;
    this.onFrame = onFrame;
    this.video = null;  // no sound to record
    this.measured = true;
    this.closed = false;
    this.quiet = false;
    this.time = 0;  // the time shown while paused
    this.started = null;  // while playing, performance.now() when the clip was at 0
    this.shownIndex = -1;  // the frame shown last, and its time
    this.shownTime = 0;
    this.busy = false;
    this.again = false;
  }
  async open() {
    try {
      this.decoder = new ImageDecoder({ data: this.bytes, type: 'image/gif' });
      await Promise.all([this.decoder.tracks.ready, this.decoder.completed]);
      this.starts = [];
      let at = 0;  // µs, whole numbers
      for (let k = 0; k < this.decoder.tracks.selectedTrack.frameCount; k++) {
        const { image } = await this.decoder.decode({ frameIndex: k });
        [this.width, this.height] = [image.displayWidth, image.displayHeight];
        this.starts.push(at / 1e6);
        at += image.duration >= 20000 ? image.duration : 100000;
        image.close();
      }
      this.duration = at / 1e6;
    } catch (e) {
      return { error: `the browser cannot read its frames (${e.message})` };
    }
    const ends = [...this.starts.slice(1), this.duration];
    this.frameSeconds = Math.min(...ends.map((end, k) => end - this.starts[k]));
    this.schedule();
    return {};
  }
  // Its frames, numbered as the command line numbers them: each GIF frame, for its own delay.
  get count() { return this.starts.length; }
  indexAt(seconds) {
    let k = 0;
    while (k + 1 < this.starts.length && this.starts[k + 1] <= seconds + 1e-9) k += 1;
    return k;
  }
  secondsOf(k) { return (this.starts[k + 1] ?? this.duration) - this.starts[k]; }
  timeOf(k) { return this.starts[k] + this.secondsOf(k) / 2; }
  get currentTime() {
    return this.started === null ? this.time : ((performance.now() - this.started) / 1000) % this.duration;
  }
  get playing() { return this.started !== null; }
  play() {
    if (!this.playing && !this.closed) {
      this.started = performance.now() - this.time * 1000;
      this.tick();
    }
    return Promise.resolve();
  }
  pause() {  // at the frame shown
    if (this.playing) [this.time, this.started] = [this.shownTime, null];
  }
  seek(seconds) {
    this.time = Math.max(0, Math.min(this.duration, seconds));
    if (this.playing) this.started = performance.now() - this.time * 1000;
    this.schedule();
  }
  step(frames) {
    this.pause();
    this.seek(this.timeOf(Math.max(0, Math.min(this.count - 1, this.indexAt(this.time) + frames))));
  }
  // While playing: each animation frame, the frame of the time now if it is not the one shown.
  tick() {
    if (!this.playing || this.closed) return;
    if (this.indexAt(this.currentTime) !== this.shownIndex) this.schedule();
    requestAnimationFrame(() => this.tick());
  }
  // The frame of the time now decoded and handed to onFrame; asked again while busy, once after.
  schedule() {
    if (this.closed) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    const time = this.currentTime, k = this.indexAt(time);
    this.decodedAt(k).then((image) => {
      this.busy = false;
      if (this.closed) return image?.close();
      [this.shownIndex, this.shownTime] = [k, time];
      if (image && !this.quiet) this.onFrame({ source: image, width: image.displayWidth, height: image.displayHeight, time });
      image?.close();
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
  }
  async decodedAt(k) {  // frame k as a VideoFrame (the caller closes it), null when closed meanwhile
    try {
      return (await this.decoder.decode({ frameIndex: k })).image;
    } catch (e) {
      return null;
    }
  }
  async pixelsAt(k) {
    const image = await this.decodedAt(k);
    const pixels = image && pixelsOf(image, image.displayWidth, image.displayHeight);
    image?.close();
    return pixels;
  }
  async frameAt(seconds) {
    this.pause();
    this.quiet = true;
    const pixels = await this.pixelsAt(this.indexAt(seconds));  // the middle of the frame wanted
    return this.closed ? null : pixels;
  }
  close() {
    this.closed = true;
    this.started = null;
    this.decoder?.close();
  }
}

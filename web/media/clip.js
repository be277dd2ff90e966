// --- media/clip: a video file or the camera's stream playing in a hidden <video>, each frame it
// presents handed to the page; Save clip's walk through every frame. ---
import { demux } from './demux.js';
import { FrameWalk } from './frame_walk.js';
import { pixelsOf } from './pixels.js';

// A clip playing in a hidden <video>: each frame it presents (playing, stepped or sought) goes to
// onFrame({source, width, height, time}) once, the newest only (source: the <video>, for WebGL2 to
// upload while onFrame runs). Frame steps go by the clip's own frame duration, measured at open
// from the frames presented.
export class Clip {
  // source: a Blob (a file) or a MediaStream (the camera).
  constructor(source, onFrame) {
    this.video = document.createElement('video');
    Object.assign(this.video, { muted: true, loop: false, playsInline: true, preload: 'auto' });  // looping while it plays
    this.stream = source instanceof MediaStream ? source : null;
    this.url = this.stream ? null : URL.createObjectURL(source);
    this.file = this.stream ? null : source;
    this.start = 0;  // the first frame's time: a file may start later than 0 (its frames are numbered from it)
    this.last = 0;  // the last frame's time, where the file says (<video> may end a clip there, a frame short)
    this.walk = undefined;  // frameAt's FrameWalk while a walk goes on (null: the <video> is stepped)
    this.onFrame = onFrame;
    this.frameSeconds = 1 / 30;
    this.lastTime = null;
    this.closed = false;
    this.scheduled = false;
    this.measured = false;  // whether frameSeconds is the clip's (measure)
    this.wake = null;  // ends the wait under way (measure, frameAt) when the clip closes
    this.quiet = false;  // no onFrame while frameAt steps through the clip
  }
  // Resolves once the first frame is shown, or to {error} when the browser cannot play the file.
  async open() {
    const v = this.video;
    const ready = new Promise((resolve) => {
      v.addEventListener('loadeddata', () => resolve({}), { once: true });
      v.addEventListener('error', () => resolve({ error: `the browser cannot play it (${v.error?.message || 'no reason given'})` }),
                         { once: true });
    });
    if (this.stream) v.srcObject = this.stream;
    else v.src = this.url;
    const r = await ready;
    if (r.error) return r;
    if (!v.videoWidth || !v.videoHeight) return { error: 'it holds no picture (sound only?)' };
    if (this.file) {
      const [first, last, step] = await frameTimes(this.file);
      [this.start, this.last] = [first, last];
      if (step) [this.frameSeconds, this.measured] = [step, true];
    }
    if (!this.stream && !this.measured) await this.measure();
    if (this.closed) return { error: 'closed' };
    v.addEventListener('seeked', () => this.schedule());
    this.watch();
    this.schedule();
    return {};
  }
  // The clip's frame duration, where the file does not give it (frameTimes): played through its
  // first frames before anything is sorted (so none is dropped), the shortest step between their
  // times; a clip of one frame lasts its duration. Then back at the start, paused.
  async measure() {
    const v = this.video, times = new Set();
    v.loop = false;
    await new Promise((resolve) => {
      this.wake = resolve;
      const seen = (now, meta) => {
        times.add(meta.mediaTime);
        if (times.size >= 6 || this.closed) resolve();
        else v.requestVideoFrameCallback(seen);
      };
      v.requestVideoFrameCallback(seen);
      v.addEventListener('ended', resolve, { once: true });
      v.play().catch(resolve);
    });
    v.pause();
    const sorted = [...times].sort((a, b) => a - b), steps = sorted.slice(1).map((t, i) => t - sorted[i]).filter((d) => d > 0);
    if (steps.length) this.frameSeconds = Math.min(...steps);
    else if (Number.isFinite(v.duration) && v.duration > 0) this.frameSeconds = v.duration;
    this.measured = steps.length > 0 || Number.isFinite(v.duration);
    if (this.closed) return;
    await new Promise((resolve) => {
      this.wake = resolve;
      v.addEventListener('seeked', resolve, { once: true });
      v.currentTime = 0;
    });
  }
  // A new frame presented while playing.
  watch() {
    if (this.closed) return;
    this.video.requestVideoFrameCallback((now, meta) => {
      this.lastTime = meta.mediaTime;
      // A file playing: the frame presented goes on now, with its own time (the clock,
      // currentTime, can be behind it); an upload inside this callback takes that frame.
      if (this.playing && !this.stream) this.hand(meta.mediaTime);
      else this.schedule();
      this.watch();
    });
  }
  // The frame shown now (paused: stepped or sought there) goes to onFrame at the next animation
  // frame: once, however many events asked for it meanwhile.
  schedule() {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.hand(this.video.currentTime);
    });
  }
  hand(time) {
    const v = this.video;
    if (this.closed || this.quiet || !v.videoWidth || !v.videoHeight) return;
    this.onFrame({ source: v, width: v.videoWidth, height: v.videoHeight, time });
  }
  // The pixels of the frame shown at `seconds` (the clip paused there), for a walk through every
  // frame: onFrame is not called for it. Decoded by WebCodecs where it can (FrameWalk), else the
  // <video> is sought there; walkEnd() after the walk.
  async frameAt(seconds) {
    this.pause();
    this.quiet = true;
    if (this.walk === undefined) this.walk = await FrameWalk.of(this.file, this.timeOf(0), () => this.seekedFrame(this.timeOf(0)));
    const walked = this.walk && !this.closed ? await this.walk.pixelsAt(seconds) : null;
    if (walked || this.closed) return walked;
    this.walk = null;  // the decoder failed: the <video> from here on
    return this.seekedFrame(seconds);
  }
  get decodedBy() { return this.walk ? 'VideoDecoder' : 'video'; }
  walkEnd() {
    this.walk?.close();
    this.walk = undefined;
  }
  async seekedFrame(seconds) {
    const wanted = seconds - this.frameSeconds / 2;  // the frame's own time
    const near = (t) => t !== null && Math.abs(t - wanted) < this.frameSeconds / 4;
    // The frame presented last is the one wanted, and playing had not moved past it when paused.
    const there = near(this.lastTime) && this.indexAt(this.video.currentTime) === this.indexAt(seconds);
    if (!there) {
      // 'seeked' can come before the new frame is there to upload: wait for the frame itself (a
      // frame still on its way from playing is not it), or, for a clip that presents none, a
      // second after the seek.
      await new Promise((resolve) => {
        this.wake = resolve;  // close() ends the wait
        const presented = (now, meta) => (near(meta.mediaTime) ? resolve() : this.video.requestVideoFrameCallback(presented));
        this.video.requestVideoFrameCallback(presented);
        this.video.addEventListener('seeked', () => setTimeout(resolve, 1000), { once: true });
        this.seek(seconds);
      });
    }
    return this.closed ? null : pixelsOf(this.video, this.video.videoWidth, this.video.videoHeight);
  }
  get duration() { return this.video.duration; }
  // Its frames, numbered as the command line numbers them: one each frame duration.
  get count() {
    const end = Math.max(this.duration, this.last + this.frameSeconds);
    return Math.max(1, Math.round((end - this.start) / this.frameSeconds));
  }
  indexAt(seconds) {
    return Math.max(0, Math.min(this.count - 1, Math.floor((seconds - this.start) / this.frameSeconds + 1e-3)));
  }
  timeOf(k) { return this.start + (k + 0.5) * this.frameSeconds; }  // the middle of frame k
  secondsOf() { return this.frameSeconds; }
  get width() { return this.video.videoWidth; }
  get height() { return this.video.videoHeight; }
  get playing() { return !this.video.paused; }
  play() {
    this.video.loop = true;
    return this.video.play();
  }
  // Paused at the frame shown last, at its middle: the clock (which can run ahead of the frame
  // presented) and the picture then agree on the frame that steps count from. Not looping while
  // paused: Chromium sends a looping <video> sought within its last frame back to 0.
  pause() {
    const v = this.video;
    if (v.paused) return;
    v.pause();
    v.loop = false;
    if (this.lastTime !== null && !this.stream) this.seek(this.timeOf(this.indexAt(this.lastTime)));
  }
  seek(seconds) {
    this.video.currentTime = Math.max(0, Math.min(this.duration, seconds));
  }
  step(frames) {
    this.pause();
    // The middle of the frame `frames` away: a time inside it, never its edge.
    this.seek(this.timeOf(Math.max(0, Math.min(this.count - 1, this.indexAt(this.video.currentTime) + frames))));
  }
  close() {
    this.closed = true;
    this.wake?.();
    this.walkEnd();
    this.video.pause();
    if (this.stream) {
      this.stream.getTracks().forEach((t) => t.stop());
      this.video.srcObject = null;
    } else {
      this.video.removeAttribute('src');
      this.video.load();
      URL.revokeObjectURL(this.url);
    }
  }
}


// [first, last, step]: the times of a video file's first and last frames as its container gives
// them (demux.js; the browser's <video> shows the first from 0) and the shortest step between two
// frames (null for one frame); [0, 0, null] where demux.js does not read the file, or it is over
// 1 GiB (read whole to learn them).
async function frameTimes(file) {
  const track = file.size > 2 ** 30 ? null : demux(new Uint8Array(await file.arrayBuffer()));
  if (!track?.frames.length) return [0, 0, null];
  const times = track.frames.map((f) => f.time).sort((a, b) => a - b);
  const step = times.slice(1).reduce((m, t, i) => (t - times[i] > 1e-6 ? Math.min(m, t - times[i]) : m), Infinity);
  return [Math.max(0, times[0]), Math.max(0, times[times.length - 1]), Number.isFinite(step) ? step : null];
}

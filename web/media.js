// What the page takes from the browser's own decoders: a picture's or a video frame's pixels
// exactly as decoded (through WebGL2 with premultiplication and colour conversion off), those
// pixels as a file texsort reads (an uncompressed TGA), a clip player that hands each frame it
// shows to the page, a recorder of what the page draws, and an animated PNG made of texsort's PNG
// files. Loaded before page.js, which uses it as window.texsortMedia.
(function () {
  'use strict';

  // One small WebGL2 context for reading decoded pixels back (its own, not the sort's).
  let reader = null;
  function readerContext() {
    if (reader && !reader.gl.isContextLost()) return reader;
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return null;
    const texture = gl.createTexture(), framebuffer = gl.createFramebuffer();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    reader = { gl, texture };
    return reader;
  }

  // The pixels of an ImageBitmap or a <video>'s current frame as the browser decoded them:
  // {rgba, width, height}, rows from the top; null where WebGL2 cannot take it.
  function pixelsOf(source, width, height) {
    const r = readerContext();
    if (!r || !width || !height) return null;
    const gl = r.gl;
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, source);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, r.texture, 0);
    const rgba = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    return gl.getError() === gl.NO_ERROR ? { rgba, width, height } : null;
  }

  const isOpaque = (rgba) => rgba.every((v, i) => (i & 3) !== 3 || v === 255);
  // Pixels as an uncompressed TGA (18-byte header, type 2, rows from the top), which texsort reads:
  // BGRA with 8 alpha bits, or BGR when every pixel is opaque and `alpha` does not ask for it (a
  // picture without alpha keeps three channels, as its PNG would).
  function tgaOf({ rgba, width, height }, alpha = false) {
    const opaque = !alpha && isOpaque(rgba);
    const depth = opaque ? 3 : 4;
    const tga = new Uint8Array(18 + width * height * depth);
    tga.set([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 8 * depth,
             (opaque ? 0 : 8) | 32]);
    for (let i = 0; i < width * height; i++) {
      const at = 18 + depth * i;
      tga[at] = rgba[4 * i + 2];
      tga[at + 1] = rgba[4 * i + 1];
      tga[at + 2] = rgba[4 * i];
      if (!opaque) tga[at + 3] = rgba[4 * i + 3];
    }
    return tga;
  }

  // A picture stb_image does not read (WebP, AVIF, ...) as a TGA of its decoded pixels; null where
  // the browser cannot read it either.
  async function decodedPicture(bytes) {
    let bitmap;
    try {
      bitmap = await createImageBitmap(new Blob([bytes]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch (e) {
      return null;
    }
    const pixels = pixelsOf(bitmap, bitmap.width, bitmap.height);
    bitmap.close();
    return pixels && tgaOf(pixels);
  }

  // A file the <video> element plays: by its type, else by its first bytes (WebM/Matroska's EBML
  // header, an MP4's or QuickTime's ftyp box that is not a still's: AVIF and HEIF are pictures).
  function isClip(type, b) {
    if (/^video\//.test(type)) return true;
    const text = (from, to) => String.fromCharCode(...b.subarray(from, to));
    return b.length > 12 && ((b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) ||
                             (text(4, 8) === 'ftyp' && !/^(avif|avis|heic|heix|mif1)$/.test(text(8, 12))));
  }

  // A clip playing in a hidden <video>: each frame it presents (playing, stepped or sought) goes to
  // onFrame({source, width, height, time}) once, the newest only (source: the <video>, for WebGL2 to
  // upload while onFrame runs). Frame steps go by the clip's own frame duration, measured at open
  // from the frames presented.
  class Clip {
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

  // Whether the bytes are a GIF of more than one frame that the browser's ImageDecoder reads.
  async function isAnimatedGif(b) {
    if (typeof ImageDecoder === 'undefined' || b.length < 6 || String.fromCharCode(...b.subarray(0, 4)) !== 'GIF8') return false;
    const decoder = new ImageDecoder({ data: b, type: 'image/gif' });
    try {
      await Promise.all([decoder.tracks.ready, decoder.completed]);
      return decoder.tracks.selectedTrack.frameCount > 1;
    } catch (e) {
      return false;
    } finally {
      decoder.close();
    }
  }

  // [first, last, step]: the times of a video file's first and last frames as its container gives
  // them (demux.js; the browser's <video> shows the first from 0) and the shortest step between two
  // frames (null for one frame); [0, 0, null] where demux.js does not read the file, or it is over
  // 1 GiB (read whole to learn them).
  async function frameTimes(file) {
    const track = file.size > 2 ** 30 ? null : window.texsortDemux.demux(new Uint8Array(await file.arrayBuffer()));
    if (!track?.frames.length) return [0, 0, null];
    const times = track.frames.map((f) => f.time).sort((a, b) => a - b);
    const step = times.slice(1).reduce((m, t, i) => (t - times[i] > 1e-6 ? Math.min(m, t - times[i]) : m), Infinity);
    return [Math.max(0, times[0]), Math.max(0, times[times.length - 1]), Number.isFinite(step) ? step : null];
  }

  // Save clip's frames decoded by WebCodecs' VideoDecoder from the file's own coded frames (demux.js),
  // in order: pixelsAt(t) is the frame presented at t (the last at or before it), without seeking.
  // A time before the last asked for starts again from the first frame. Null where the browser has
  // no VideoDecoder or it cannot take the track, and where its first frame is not the <video>'s
  // (`shown(first)`, the frame the page plays at time `first`) within rounding, every channel of
  // every pixel within 2 levels: the browser guesses a colour space the file does not name one way
  // for <video> and another for VideoDecoder (an H.264 stream without colour information: BT.601
  // and BT.709 here, 40 levels apart), and Save clip keeps the frames the page shows.
  class FrameWalk {
    static async of(file, first, shown) {
      if (typeof VideoDecoder === 'undefined' || !file) return null;
      const track = window.texsortDemux.demux(new Uint8Array(await file.arrayBuffer()));
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

  // An animated GIF as a clip, with Clip's controls: its frames decoded by WebCodecs' ImageDecoder,
  // each shown for its own delay (under 0.02 s: 0.1 s, as ffmpeg and the browsers take it), played
  // by the page's clock; onFrame gets each as Clip's do, its source a VideoFrame closed once onFrame
  // returns. While playing, a frame that comes while the last is being handed on is left out;
  // frameAt leaves none out.
  class GifClip {
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

  // The camera's video stream, or {error} in words: refused, none there, or what the browser said.
  async function camera() {
    if (!navigator.mediaDevices?.getUserMedia) return { error: 'this browser gives pages no camera' };
    try {
      return await navigator.mediaDevices.getUserMedia({ video: true, audio: false });
    } catch (e) {
      if (e.name === 'NotAllowedError') return { error: 'the browser was not allowed to use it' };
      if (e.name === 'NotFoundError') return { error: 'there is none' };
      return { error: e.message || e.name };
    }
  }

  // What the page shows, recorded: the canvas's frames as they are drawn (frame() after each draw,
  // so a frame is never recorded twice nor one left out), with the sound of `video` when it has
  // any, as WebM through MediaRecorder. stop() resolves to {blob, frames}.
  class Recorder {
    constructor(canvas, video) {
      this.stream = canvas.captureStream(0);
      this.track = this.stream.getVideoTracks()[0];
      const sound = video?.captureStream ? video.captureStream().getAudioTracks() : [];
      for (const track of sound) this.stream.addTrack(track);
      const type = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp9', 'video/webm'].find((t) => MediaRecorder.isTypeSupported(t));
      this.recorder = new MediaRecorder(this.stream, { mimeType: type, videoBitsPerSecond: 8e6 });
      this.chunks = [];
      this.frames = 0;
      this.recorder.ondataavailable = (e) => e.data.size && this.chunks.push(e.data);
      this.recorder.start();
    }
    frame() {
      this.track.requestFrame();
      this.frames += 1;
    }
    stop() {
      return new Promise((resolve) => {
        this.recorder.onstop = () => {
          this.stream.getTracks().forEach((t) => t.stop());
          resolve({ blob: new Blob(this.chunks, { type: this.recorder.mimeType }), frames: this.frames });
        };
        this.recorder.stop();
      });
    }
  }

  // An animated PNG of texsort's PNG files (one a frame, alike in size and colour type), frame k
  // shown for seconds[k], looping: the first file's chunks with an acTL, each frame's image data
  // behind an fcTL (IDAT for the first, fdAT after). Null when the files do not match.
  function apngOf(pngs, seconds) {
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
  // Frames encoded as VP9 by WebCodecs and written as WebM: add(pixels, seconds) one frame after
  // another ({rgba, width, height} or anything VideoFrame takes), each lasting its seconds; finish()
  // resolves to the file. With `alpha` (pixels must then be {rgba, ...}) the alpha goes as WebM
  // keeps it: a second VP9 stream whose frames' luma is the alpha, each frame beside its colour
  // frame (BlockAdditional 1), as libvpx writes it (Chromium's encoder takes no alpha itself). Null
  // where the browser has no VP9 encoder for this size. `fps`: the rate the encoder plans for.
  async function webmEncoder(width, height, fps, alpha = false) {
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
  // A frame's time as an APNG delay fraction: in ms, or in hundredths past 65.535 s (at most 655.35 s).
  function delayOf(seconds) {
    const ms = Math.max(1, Math.round(seconds * 1000));
    return ms <= 0xffff ? [ms, 1000] : [Math.min(0xffff, Math.round(seconds * 100)), 100];
  }
  function concat(parts) {
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (all.set(p, at), at + p.length), 0);
    return all;
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
  let crcTable = null;
  function crc32(bytes) {
    if (!crcTable) {
      crcTable = new Uint32Array(256).map((_, n) => {
        let c = n;
        for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
        return c >>> 0;
      });
    }
    let c = 0xffffffff;
    for (const x of bytes) c = crcTable[(c ^ x) & 255] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  window.texsortMedia = { pixelsOf, isOpaque, tgaOf, decodedPicture, isClip, Clip, isAnimatedGif, GifClip, camera, Recorder, apngOf, webmEncoder };
})();

// window.texsort: the texsort command line in the browser.
//   await texsort.ready                      the module and its WebGL2 context are up
//   await texsort.run(argv, stdinBytes)      -> {code, stdout: Uint8Array, stderr: string}
//   texsort.writeFile(name, bytes), texsort.readFile(name), texsort.removeFile(name)
//   texsort.live.open(bytes, name) -> {} or {error}; .set(optionArgs) -> {passes} or {error};
//     .advance(passes) -> passes left; .draw(original): the picture on the canvas #texsort-gl; .read();
//     .fence(): marks the GPU work asked for so far; .done() -> whether the GPU has done it (poll per frame);
//     .brush(path, x0, y0, x1, y1, radius, level) -> {changed} or {error}: the mask brush;
//     .brushFrom(path) -> {} or {error}: the mask its next stroke paints on
//     .warm() -> steps left: one step of compiling ahead, while idle, what a new key or intervals needs
//     .frame({rgba, width, height}, name) -> {ready} or {error}: a clip's frame in place of the picture
//     .frameFrom(video or VideoFrame, width, height, name) -> the same, uploaded on the GPU (null: use frame)
//     .source() -> {rgba, width, height}: the picture the live sort starts from
//     .animated(spec, frame, count, fps) -> {value} or {error}: an --animate option's value at a frame
//   texsort.watch.open(bytes, algorithm, order) -> {passes, scaled} or {error}; .seek(pass); .picture({roles,
//     changed}) -> ImageData of the state as the desktop viewer draws it; .text(); .gpuMs() (wall);
//     .gpuTimed(pass) -> GPU ms from the timer extension once its result is in, else null
// Files live in the module's memory file system; "-" is stdinBytes and the returned stdout, as on
// a desktop. Load this before texsort-core.js; the page needs no other setup.
(function () {
  'use strict';
  class ByteSink {
    constructor() { this.bytes = new Uint8Array(1 << 16); this.length = 0; }
    push(byte) {
      if (this.length === this.bytes.length) {
        const grown = new Uint8Array(this.bytes.length * 2);
        grown.set(this.bytes);
        this.bytes = grown;
      }
      this.bytes[this.length++] = byte;
    }
    take() { return this.bytes.slice(0, this.length); }
  }

  let input = new Uint8Array(0), at = 0;
  let out = new ByteSink(), err = new ByteSink();
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });

  // The WebGL2 context's canvas: every pass draws into framebuffers of its own; the page shows the
  // canvas as its live picture (texsort.live), or keeps it hidden.
  let canvas = document.getElementById('texsort-gl');
  if (!canvas) {
    canvas = document.createElement('canvas');
    canvas.id = 'texsort-gl';
    canvas.width = canvas.height = 1;
    canvas.style.display = 'none';
    (document.body || document.documentElement).appendChild(canvas);
  }

  const Module = window.Module = {
    canvas,
    noExitRuntime: true,
    preRun: [() => {
      Module.FS.init(() => (at < input.length ? input[at++] : null),
                     (byte) => { if (byte !== null) out.push(byte); },
                     (byte) => { if (byte !== null) err.push(byte); });
    }],
    onRuntimeInitialized: () => {
      err = new ByteSink();
      if (Module._texsort_open_context() === 0) resolveReady();
      else rejectReady(new Error(new TextDecoder().decode(err.take()).trim()));
    },
    onAbort: (what) => rejectReady(new Error('texsort: the module stopped: ' + what)),
  };

  let queue = Promise.resolve();  // one command at a time, as a shell runs them

  function runNow(argv, stdinBytes) {
    input = stdinBytes ? new Uint8Array(stdinBytes) : new Uint8Array(0);
    at = 0;
    out = new ByteSink();
    err = new ByteSink();
    const args = ['texsort', ...argv.map(String)];
    const pointers = args.map((arg) => {
      const size = Module.lengthBytesUTF8(arg) + 1;
      const p = Module._malloc(size);
      Module.stringToUTF8(arg, p, size);
      return p;
    });
    const argvPointer = Module._malloc(4 * pointers.length);
    pointers.forEach((p, i) => Module.setValue(argvPointer + 4 * i, p, 'i32'));
    let code;
    try {
      code = Module._texsort_run(args.length, argvPointer);
    } finally {
      pointers.forEach((p) => Module._free(p));
      Module._free(argvPointer);
    }
    return { code, stdout: out.take(), stderr: new TextDecoder().decode(err.take()) };
  }

  // C strings for the duration of a call.
  function withStrings(strings, call) {
    const pointers = strings.map((text) => {
      const size = Module.lengthBytesUTF8(text) + 1;
      const p = Module._malloc(size);
      Module.stringToUTF8(text, p, size);
      return p;
    });
    try { return call(...pointers); } finally { pointers.forEach((p) => Module._free(p)); }
  }

  const errorText = () => new TextDecoder().decode(err.take()).trim();
  // A pass's GPU time where WebGL2 exposes EXT_disjoint_timer_query_webgl2: a TIME_ELAPSED query
  // around the one pass a step runs; its result arrives only after the page yields, so it is read
  // when asked for and never waited on. One query at a time: a newer step drops an older one.
  const timer = { ext: undefined, query: null, pass: 0, at: -1, ms: null };
  function timerGl() {
    const gl = Module.canvas?.getContext('webgl2');
    if (timer.ext === undefined && gl) timer.ext = gl.getExtension('EXT_disjoint_timer_query_webgl2') || null;
    return timer.ext ? gl : null;
  }
  function timedSeek(pass) {
    const gl = pass === timer.at + 1 ? timerGl() : null;
    if (!gl) return (timer.at = Module._texsort_watch_seek(pass));
    if (timer.query) gl.deleteQuery(timer.query);
    timer.query = gl.createQuery();
    gl.beginQuery(timer.ext.TIME_ELAPSED_EXT, timer.query);
    timer.at = Module._texsort_watch_seek(pass);
    gl.endQuery(timer.ext.TIME_ELAPSED_EXT);
    [timer.pass, timer.ms] = [timer.at, null];
    return timer.at;
  }
  // The GPU ms of `pass` if its step was timed and the result is in; null otherwise (also while
  // it is pending: gpuPending says so).
  function gpuTimed(pass) {
    const gl = timerGl();
    if (gl && timer.query && gl.getQueryParameter(timer.query, gl.QUERY_RESULT_AVAILABLE)) {
      const disjoint = gl.getParameter(timer.ext.GPU_DISJOINT_EXT);
      timer.ms = disjoint ? null : gl.getQueryParameter(timer.query, gl.QUERY_RESULT) / 1e6;
      gl.deleteQuery(timer.query);
      timer.query = null;
    }
    return pass === timer.pass ? timer.ms : null;
  }
  const watch = {
    open(bytes, algorithm, order, name = 'the picture', side = 0) {
      err = new ByteSink();
      Module.FS.writeFile('/watch-input', new Uint8Array(bytes));
      const passes = withStrings(['/watch-input', algorithm, order],
                                 (path, algo, ord) => Module._texsort_watch_open(path, algo, ord, side));
      [timer.at, timer.pass, timer.ms] = [0, 0, null];
      return passes >= 0 ? { passes, scaled: Module._texsort_watch_scaled() === 1 }
                         : { error: errorText().split('/watch-input').join(name), code: -passes };
    },
    seek(pass) { return timedSeek(pass); },
    gpuTimed,
    gpuPending(pass) { return pass === timer.pass && timer.query !== null; },
    hasGpuTimer() { return timerGl() !== null; },
    picture({ roles = false, changed = false } = {}) {
      const at = Module._texsort_watch_picture(roles ? 1 : 0, changed ? 1 : 0);
      const width = Module._texsort_watch_width(), height = Module._texsort_watch_height();
      return new ImageData(new Uint8ClampedArray(Module.HEAPU8.slice(at, at + width * height * 4).buffer), width, height);
    },
    // The state drawn onto the page's WebGL canvas (Module.canvas), not read back: copy it from there.
    draw({ roles = false, changed = false } = {}) { Module._texsort_watch_draw(roles ? 1 : 0, changed ? 1 : 0); },
    text() { return Module.UTF8ToString(Module._texsort_watch_text()); },
    // A small sort as its comparator network (null when it is not one, or over 64 elements):
    // {n, columns: [[{low, high, lane, up}]], wires: [{rgb, luma, index}]} (index null: padding).
    network() {
      const lines = Module.UTF8ToString(Module._texsort_watch_network()).split('\n').filter(Boolean);
      if (!lines.length) return null;
      const n = Number(lines[0].slice(2));
      const columns = lines.slice(1, lines.length - n).map((line) => line.trim().split(' ').filter(Boolean).map((c) => {
        const [low, high, lane, up] = c.split('-').map(Number);
        return { low, high, lane, up: up === 1 };
      }));
      const wires = lines.slice(lines.length - n).map((line) => {
        const [rgb, luma, index] = line.split(' ');
        return { rgb: '#' + rgb, luma: luma === 'pad' ? null : Number(luma), index: index === 'pad' ? null : Number(index) };
      });
      return { n, columns, wires };
    },
    // The desktop's counters: {compareExchanges, moved} in all, {inOrder, settled, distance} % and runLog2.
    counters() {
      const at = Module._texsort_watch_counters(), v = (k) => Module.getValue(at + 8 * k, 'double');
      return { compareExchanges: v(0), moved: v(1), inOrder: v(2), settled: v(3), distance: v(4), runLog2: v(5) };
    },
    gpuMs() { return Module._texsort_watch_gpu_ms(); },
    // The tone of what moved since the last call, as record --sound pitches a pass: {frequency, amplitude}.
    tone() {
      const at = Module._texsort_watch_tone();
      return { frequency: Module.getValue(at, 'double'), amplitude: Module.getValue(at + 8, 'double') };
    },
  };

  // The live pixel sort (src/web/live_pixel_sort.cpp): the picture on the GPU, drawn on the canvas #texsort-gl.
  const live = {
    open(bytes, name) {
      err = new ByteSink();
      Module.FS.writeFile('/live-input', new Uint8Array(bytes));
      const code = withStrings(['/live-input', name], (p, n) => Module._texsort_live_open(p, n));
      return code === 0 ? {} : { error: errorText(), code: -code };
    },
    set(args) {
      err = new ByteSink();
      const strings = args.map(String);
      const argv = Module._malloc(4 * Math.max(1, strings.length));
      try {
        const passes = withStrings(strings, (...pointers) => {
          pointers.forEach((p, i) => Module.setValue(argv + 4 * i, p, 'i32'));
          return Module._texsort_live_set(strings.length, argv);
        });
        return passes >= 0 ? { passes } : { error: errorText(), code: -passes };
      } finally {
        Module._free(argv);
      }
    },
    // A clip's frame in place of the picture ({rgba, width, height}, rows from the top), named `name`
    // in messages: {ready: true} when it is sorted under the options set (draw it), {ready: false}
    // when set() must plan again, or {error}.
    frame({ rgba, width, height }, name) {
      err = new ByteSink();
      const at = Module._malloc(Math.max(1, rgba.length));
      try {
        Module.HEAPU8.set(rgba, at);
        const code = withStrings([name], (n) => Module._texsort_live_frame(at, width, height, n));
        return code >= 0 ? { ready: code === 1 } : { error: errorText(), code: -code };
      } finally {
        Module._free(at);
      }
    },
    // The same for a frame straight from the browser's decoder (a <video>, a VideoFrame, an
    // ImageBitmap; width x height): uploaded into a texture of the sort's own context and copied
    // into its source on the GPU, never through the page. Null where WebGL2 cannot take it (then
    // frame() with its pixels).
    frameFrom(source, width, height, name) {
      const gl = Module.canvas?.getContext('webgl2');
      if (!gl) return null;
      err = new ByteSink();
      const code = withStrings([name], (n) => Module._texsort_live_frame_texture(width, height, n));
      if (code < 0) return { error: errorText(), code: -code };
      while (gl.getError() !== gl.NO_ERROR) { /* only the upload's own error counts */ }
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      // texImage2D as media.pixelsOf reads frames: texSubImage2D of a <video> converts odd sizes otherwise here
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, source);
      const uploaded = gl.getError() === gl.NO_ERROR;
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.BROWSER_DEFAULT_WEBGL);
      gl.bindTexture(gl.TEXTURE_2D, null);
      if (!uploaded) return null;
      const drawn = withStrings([name], (n) => Module._texsort_live_frame_drawn(n));
      return drawn >= 0 ? { ready: drawn === 1 } : { error: errorText(), code: -drawn };
    },
    // The pixels of the picture the live sort starts from ({rgba, width, height}, rows from the
    // top): a clip's frame as the browser decoded it, read back when asked for. Null when none.
    source() {
      const at = Module._texsort_live_source();
      const width = Module._texsort_live_source_width(), height = Module._texsort_live_source_height();
      return at ? { width, height, rgba: Module.HEAPU8.slice(at, at + width * height * 4) } : null;
    },
    // The value an option takes at frame `frame` of `count` at `fps` under `--animate spec`, as the
    // CLI applies it: {value} or {error}.
    animated(spec, frame, count, fps) {
      err = new ByteSink();
      const value = withStrings([spec], (p) => Module._texsort_animated_value(p, frame, count, fps));
      return Number.isNaN(value) ? { error: errorText() } : { value };
    },
    // The mask brush (texsort_live_brush): a stroke in picture pixels, or with radius < 0 the whole
    // mask at `level`; the mask written to the module's file `path`. {changed} or {error}.
    brush(path, x0, y0, x1, y1, radius, level) {
      err = new ByteSink();
      const changed = withStrings([path], (p) => Module._texsort_live_brush(p, x0, y0, x1, y1, radius, level));
      return changed >= 0 ? { changed } : { error: errorText(), code: -changed };
    },
    // The mask the next stroke paints on: the module's file `path` when it fits the picture, else
    // black ('' for black). {} or {error}.
    brushFrom(path) {
      err = new ByteSink();
      const code = withStrings([path], (p) => Module._texsort_live_brush_from(p));
      return code === 0 ? {} : { error: errorText(), code: -code };
    },
    // The mask in use as the brush shows it ({rgba, width, height}: its black pixels red, the white
    // clear; texsort_live_brush_overlay), or null when there is none.
    brushOverlay() {
      const at = Module._texsort_live_brush_overlay();
      const width = Module._texsort_live_source_width(), height = Module._texsort_live_source_height();
      return at ? { width, height, rgba: Module.HEAPU8.slice(at, at + width * height * 4) } : null;
    },
    advance(passes) { return Module._texsort_live_advance(passes); },
    draw(original) { Module._texsort_live_draw(original ? 1 : 0); },
    pass() { return Module._texsort_live_pass(); },
    // Whether a sort is made to draw: false after an open, and after a set() that failed on a new picture.
    hasPicture() { return Module._texsort_live_width() > 0; },
    wait() { Module._texsort_live_wait(); },  // until the GPU has drawn the picture
    fence() { Module._texsort_live_fence(); },  // marks the GPU work asked for so far
    done() { return Module._texsort_live_done() === 1; },  // whether the GPU has done it (poll per frame)
    warm() { return Module._texsort_live_warm(); },  // one step of the idle warm: how many are left
    read() {
      const at = Module._texsort_live_read();
      const width = Module._texsort_live_width(), height = Module._texsort_live_height();
      return { width, height, rgba: Module.HEAPU8.slice(at, at + width * height * 4) };
    },
  };

  window.texsort = {
    watch,
    live,
    ready,
    run(argv, stdinBytes) {
      const result = queue.then(() => ready).then(() => runNow(argv, stdinBytes));
      queue = result.catch(() => {});
      return result;
    },
    // A shipped preset's recipe, one sort a line ('' for no such preset).
    presetRecipe(name) { return withStrings([name], (n) => Module.UTF8ToString(Module._texsort_preset_recipe(n))); },
    writeFile(name, bytes) { Module.FS.writeFile(name, new Uint8Array(bytes)); },
    readFile(name) { return Module.FS.readFile(name); },
    removeFile(name) { Module.FS.unlink(name); },
  };
})();

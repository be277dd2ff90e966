// window.texsort: the texsort command line in the browser, and the live sorts the page draws.
//   await texsort.ready                      the module and its WebGL2 context are up
//   await texsort.run(argv, stdinBytes)      -> {code, stdout: Uint8Array, stderr: string}
//   texsort.writeFile(name, bytes), texsort.readFile(name), texsort.removeFile(name)
//   texsort.options: the pixel sort's option table, a row an option ({name, kind: real | integer |
//     choice | flag | file | text, min, max, choices, initial, help, animated, metavar}), as
//     `texsort info --options` prints it; texsort.presets: [{name, summary, recipe}] (after ready);
//     texsort.unavailable: [{name, why}], the algorithms this WebGL2 context cannot run (after ready)
//   texsort.presetRecipe(name) -> a shipped preset's recipe, one sort a line ('' for none)
//   texsort.animated(spec, frame, count, fps) -> the value an --animate option takes at a frame
//   texsort.live.open(bytes, name); .set(optionArgs) -> passes; .advance(passes) -> passes left;
//     .draw(original): the picture on the canvas #texsort-gl; .read() -> {rgba, width, height};
//     .fence(): marks the GPU work asked for so far; .done() -> whether the GPU has done it (poll per frame);
//     .wait(): until it has; .pass(); .hasPicture(): a sort is made to draw;
//     .brush(path, x0, y0, x1, y1, radius, level) -> pixels changed: the mask brush;
//     .brushFrom(path): the mask its next stroke paints on; .brushOverlay() -> {rgba, width, height} or null
//     .warm() -> steps left: one step of compiling ahead, while idle, what a new key or intervals needs
//     .frame({rgba, width, height}, name) -> ready: a clip's frame in place of the picture
//     .frameFrom(video or VideoFrame, width, height, name) -> the same, uploaded on the GPU (null: use frame)
//     .source() -> {rgba, width, height}: the picture the live sort starts from (null: none)
//   texsort.watch.open(bytes, algorithm, order, name, side) -> {passes, scaled}; .seek(pass);
//     .picture({roles, changed}) -> ImageData of the state as the desktop viewer draws it; .draw(same);
//     .text(); .network(); .counters(); .tone(); .gpuMs() (wall);
//     .gpuTimed(pass) -> GPU ms from the timer extension once its result is in, else null
// A call that fails throws an Error named TexsortError: its message the command line's line, its
// `code` the command line's exit code. Files live in the module's memory file system; "-" is
// stdinBytes and the returned stdout, as on a desktop. Load this before texsort-core.js; the page
// needs no other setup. The module's side: src/web/bindings.cpp.
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

  // A module call's value, or the TexsortError it returned in its place (bindings.cpp) thrown; an
  // argument the module cannot take (not a string, not a list) is one too, with the usage code.
  const thrown = (call) => {
    let value;
    try {
      value = call();
    } catch (e) {
      const refused = e.name === 'BindingError' || e instanceof TypeError;  // embind's, or the list's
      throw refused ? Object.assign(new Error(e.message), { name: 'TexsortError', code: 2 }) : e;
    }
    if (value instanceof Error) throw value;
    return value;
  };
  let liveSort = null, watchedSort = null;  // the module's LivePixelSort and WatchedSort

  const Module = window.Module = {
    canvas,
    noExitRuntime: true,
    preRun: [() => {
      Module.FS.init(() => (at < input.length ? input[at++] : null),
                     (byte) => { if (byte !== null) out.push(byte); },
                     (byte) => { if (byte !== null) err.push(byte); });
    }],
    onRuntimeInitialized: () => {
      const unavailable = Module.openContext();
      if (unavailable instanceof Error) return rejectReady(unavailable);
      api.unavailable = unavailable;
      liveSort = new Module.LivePixelSort();
      watchedSort = new Module.WatchedSort();
      api.options = Module.optionTable();
      api.presets = Module.presets();
      resolveReady();
    },
    onAbort: (what) => rejectReady(new Error('texsort: the module stopped: ' + what)),
  };

  let queue = Promise.resolve();  // one command at a time, as a shell runs them

  function runNow(argv, stdinBytes) {
    input = stdinBytes ? new Uint8Array(stdinBytes) : new Uint8Array(0);
    at = 0;
    out = new ByteSink();
    err = new ByteSink();
    const code = Module.run(argv.map(String));
    return { code, stdout: out.take(), stderr: new TextDecoder().decode(err.take()) };
  }

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
    if (!gl) return (timer.at = watchedSort.seek(pass));
    if (timer.query) gl.deleteQuery(timer.query);
    timer.query = gl.createQuery();
    gl.beginQuery(timer.ext.TIME_ELAPSED_EXT, timer.query);
    timer.at = watchedSort.seek(pass);
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
    // A picture's bytes sorted by a fragment algorithm in order ('asc', 'desc'), watched as a copy
    // at most `side` pixels a side when side > 0: {passes, scaled}.
    open(bytes, algorithm, order, name = 'the picture', side = 0) {
      const passes = thrown(() => watchedSort.open(new Uint8Array(bytes), name, algorithm, order, side));
      [timer.at, timer.pass, timer.ms] = [0, 0, null];
      return { passes, scaled: watchedSort.scaled() };
    },
    seek(pass) { return timedSeek(pass); },
    gpuTimed,
    gpuPending(pass) { return pass === timer.pass && timer.query !== null; },
    hasGpuTimer() { return timerGl() !== null; },
    picture({ roles = false, changed = false } = {}) {
      const p = watchedSort.picture(roles, changed);
      return p && new ImageData(new Uint8ClampedArray(p.rgba.buffer), p.width, p.height);
    },
    // The state drawn onto the page's WebGL canvas (Module.canvas), not read back: copy it from there.
    draw({ roles = false, changed = false } = {}) { watchedSort.draw(roles, changed); },
    text() { return watchedSort.text(); },
    // A small sort as its comparator network (null when it is not one, or over 64 elements):
    // {n, columns: [[{low, high, lane, up}]], wires: [{rgb, luma, index}]} (luma, index null: padding).
    network() { return watchedSort.network(); },
    // The desktop's counters: {compareExchanges, moved} in all, {inOrder, settled, distance} % and runLog2.
    counters() { return watchedSort.counters(); },
    gpuMs() { return watchedSort.gpuMs(); },
    // The tone of what moved since the last call, as record --sound pitches a pass: {frequency, amplitude}.
    tone() { return watchedSort.tone(); },
  };

  // The live pixel sort (src/web/live_pixel_sort.h): the picture on the GPU, drawn on the canvas #texsort-gl.
  const live = {
    open(bytes, name) { thrown(() => liveSort.open(new Uint8Array(bytes), name)); },
    set(args) { return thrown(() => liveSort.set(args.map(String))); },
    // A clip's frame in place of the picture ({rgba, width, height}, rows from the top), named `name`
    // in messages: true when it is sorted under the options set (draw it), false when set() must
    // plan again.
    frame({ rgba, width, height }, name) { return thrown(() => liveSort.frame(rgba, width, height, name)); },
    // The same for a frame straight from the browser's decoder (a <video>, a VideoFrame, an
    // ImageBitmap; width x height): uploaded into a texture of the sort's own context and copied
    // into its source on the GPU, never through the page. Null where WebGL2 cannot take it (then
    // frame() with its pixels).
    frameFrom(source, width, height, name) {
      const gl = Module.canvas?.getContext('webgl2');
      if (!gl) return null;
      thrown(() => liveSort.frameTexture(width, height, name));
      while (gl.getError() !== gl.NO_ERROR) { /* only the upload's own error counts */ }
      gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
      // texImage2D as media.pixelsOf reads frames: texSubImage2D of a <video> converts odd sizes otherwise here
      gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, source);
      const uploaded = gl.getError() === gl.NO_ERROR;
      gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.BROWSER_DEFAULT_WEBGL);
      gl.bindTexture(gl.TEXTURE_2D, null);
      return uploaded ? thrown(() => liveSort.frameDrawn(name)) : null;
    },
    // The picture the live sort starts from ({rgba, width, height}, rows from the top): a clip's
    // frame as the browser decoded it, read back when asked for. Null when none.
    source() { return liveSort.source(); },
    // The mask brush: a stroke in picture pixels, or with radius < 0 the whole mask at `level`; the
    // mask written to the module's file `path`. The pixels changed.
    brush(path, x0, y0, x1, y1, radius, level) { return thrown(() => liveSort.brush(path, x0, y0, x1, y1, radius, level)); },
    // The mask the next stroke paints on: the module's file `path` when it fits the picture, else
    // black ('' for black).
    brushFrom(path) { thrown(() => liveSort.brushFrom(path)); },
    // The mask in use as the brush shows it ({rgba, width, height}: its black pixels red, the white
    // clear), or null when there is none.
    brushOverlay() { return liveSort.brushOverlay(); },
    advance(passes) { return liveSort.advance(passes); },
    draw(original) { liveSort.draw(Boolean(original)); },
    pass() { return liveSort.pass(); },
    // Whether a sort is made to draw: false after an open, and after a set() that failed on a new picture.
    hasPicture() { return liveSort.width() > 0; },
    wait() { liveSort.wait(); },  // until the GPU has drawn the picture
    fence() { liveSort.fence(); },  // marks the GPU work asked for so far
    done() { return liveSort.done(); },  // whether the GPU has done it (poll per frame)
    warm() { return liveSort.warm(); },  // one step of the idle warm: how many are left
    read() { return liveSort.read() || { width: 0, height: 0, rgba: new Uint8Array(0) }; },
  };

  const api = window.texsort = {
    watch,
    live,
    ready,
    options: [],
    presets: [],
    run(argv, stdinBytes) {
      const result = queue.then(() => ready).then(() => runNow(argv, stdinBytes));
      queue = result.catch(() => {});
      return result;
    },
    presetRecipe(name) { return api.presets.find((p) => p.name === name)?.recipe || ''; },
    animated(spec, frame, count, fps) { return thrown(() => Module.animatedValue(spec, frame, count, fps)); },
    writeFile(name, bytes) { Module.FS.writeFile(name, new Uint8Array(bytes)); },
    readFile(name) { return Module.FS.readFile(name); },
    removeFile(name) { Module.FS.unlink(name); },
  };
})();

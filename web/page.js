// The pixel-sort page: every texsort pixelsort option as a live control. The picture is sorted on
// the GPU and drawn on the canvas from the result texture (texsort.live); Save PNG runs
// `texsort pixelsort` itself on the picture, so the file has the same size, channels and pixels as
// the command line shown beneath.
(function () {
  'use strict';
  const intervalsWith = (...kinds) => (o) => kinds.includes(o.intervals);
  const colourKeys = ['luma', 'lightness', 'hue', 'saturation', 'intensity', 'min', 'max', 'red', 'green', 'blue',
                      'chroma', 'rgb', 'alpha'];
  // A preset loads into the controls: its last sort's options set them (editable from there) and
  // its earlier sorts, if any, run first (--then); 'none' drops those.
  const specs = [
    { name: 'preset', label: 'start from preset', kind: 'select', value: 'none',
      choices: ['none', 'asdf', 'melt', 'rings', 'rays', 'static', 'weave'] },
    { name: 'path', kind: 'select', value: 'lines', choices: ['lines', 'circles', 'spiral', 'radial', 'hilbert', 'flow'] },
    { name: 'angle', label: 'angle (°)', kind: 'range', min: -180, max: 180, step: 0.5, value: 0,
      when: (o) => o.path === 'lines' },
    { name: 'center', label: 'centre X,Y', kind: 'text', value: '', placeholder: 'the middle',
      when: (o) => ['circles', 'spiral', 'radial'].includes(o.path) },
    { name: 'field', label: 'direction field (its hues)', kind: 'file', value: '', when: (o) => o.path === 'flow' },
    { name: 'intervals', kind: 'select', value: 'threshold', choices: ['threshold', 'none', 'edges', 'random', 'waves', 'mask'] },
    { name: 'lower', kind: 'range', min: 0, max: 1, step: 0.01, value: 0.25, when: intervalsWith('threshold', 'edges') },
    { name: 'upper', kind: 'range', min: 0, max: 1, step: 0.01, value: 0.8, when: intervalsWith('threshold') },
    { name: 'select', label: 'bounds the key', kind: 'select', value: 'luma', choices: colourKeys.filter((k) => k !== 'alpha'),
      when: intervalsWith('threshold') },
    { name: 'invert', label: 'spans outside the bounds', kind: 'checkbox', value: '', when: intervalsWith('threshold') },
    { name: 'mask', label: 'mask (white is sorted)', kind: 'file', value: '' },
    { name: 'span-length', label: 'span length', kind: 'range', min: 1, max: 512, step: 1, value: 64,
      when: intervalsWith('random', 'waves') },
    { name: 'max-span', label: 'max span', kind: 'range', min: 0, max: 1024, step: 1, value: 0 },
    { name: 'skip', label: 'skip %', kind: 'range', min: 0, max: 100, step: 1, value: 0 },
    { name: 'seed', kind: 'number', min: 0, max: 4294967295, value: 0,
      when: (o) => ['random', 'waves'].includes(o.intervals) || Number(o.skip) > 0 || o.key === 'shuffle' },
    { name: 'key', kind: 'select', value: 'luma',
      choices: [...colourKeys, 'shuffle'] },
    { name: 'order', kind: 'select', value: 'asc', choices: ['asc', 'desc'] },
    { name: 'mix', label: 'mix with the original', kind: 'range', min: 0, max: 1, step: 0.01, value: 1 },
    { name: 'algo', label: 'line sort', kind: 'select', value: 'bitonic-wide',
      choices: ['bitonic', 'bitonic-legacy', 'oddeven-merge', 'bitonic-fast', 'bitonic-wide'] },  // the table's order
  ];
  const samples = ['astronaut', 'coffee'];  // pictures the site serves as NAME.png, each with its button
  const $ = (id) => document.getElementById(id);
  const media = window.texsortMedia;
  const form = $('options'), picture = $('texsort-gl'), status = $('status');
  // The page's state. settled counts finished sorts and opens: tests wait for it to move, never for time.
  const state = { input: null, source: null, inputName: 'image.png', shownName: 'image.png', converted: false, opened: false, sample: null,
                  sorted: false, stale: false, running: false, pending: false, wanted: [], sortArgs: [], left: 0,
                  passes: 0, started: 0, settled: 0, opening: 0, reading: 0, files: {}, clip: null, animated: {},
                  recording: null, recorded: null, savingClip: false, savedClip: null, warmTimer: 0, warmLeft: -1 };

  for (const spec of specs) {
    const label = document.createElement('label');
    label.dataset.option = spec.name;
    label.append(spec.label || spec.name);
    let control;
    if (spec.kind === 'select') {
      control = document.createElement('select');
      for (const choice of spec.choices) control.add(new Option(choice, choice));
    } else if (spec.kind === 'file') {
      // A picture the options name (--mask, --field): written into texsort's files under its own
      // name, so the command line shown names it as the user's file. No file chosen: none.
      control = document.createElement('input');
      control.type = 'file';
      control.accept = 'image/*';
    } else {
      control = document.createElement('input');
      control.type = spec.kind;
      if (spec.kind === 'range' || spec.kind === 'number') Object.assign(control, { min: spec.min, max: spec.max });
      if (spec.step) control.step = spec.step;
      if (spec.placeholder) control.placeholder = spec.placeholder;
    }
    control.name = spec.name;
    control.id = 'option-' + spec.name;
    if (spec.kind !== 'checkbox' && spec.kind !== 'file') control.value = spec.value;
    const shown = document.createElement('output');
    shown.value = spec.kind === 'range' ? spec.value : '';
    label.append(control, shown);
    form.append(label);
    if (spec.kind === 'file') {
      // state.reading counts the files being read: the page is settled once none is and the sort
      // that names them has run (its tests wait for that, never for time to pass).
      control.addEventListener('change', async () => {
        const file = control.files[0];
        state.reading++;
        try {
          if (file) {
            // Under its own name (the command line and the messages name the user's file); one
            // that starts with - is given as ./NAME, never read as an option.
            const bytes = await file.arrayBuffer();
            await window.texsort.ready;
            if (!holdFile(file.name, bytes)) {
              control.value = '';
              return say(`${file.name}: the page keeps its files by name and this one is a folder's there; rename the file`, true);
            }
            state.files[spec.name] = asOperand(file.name);
          } else {
            delete state.files[spec.name];
          }
          if (spec.name === 'mask') maskChosen(state.files.mask);
          pushEntry(settingsQuery());  // a file chosen is a step Undo takes back
        } finally {
          state.reading--;
        }
        update();
      });
      continue;
    }
    control.addEventListener(spec.kind === 'text' ? 'change' : 'input', () => {  // a centre once typed out
      if (spec.name === 'preset') loadPreset(control.value);
      delete state.animated[spec.name];  // a keyed option moved by hand: shown as moved until the next frame
      shown.value = spec.kind === 'range' ? control.value : '';
      update();
    });
  }

  // A file of the user's written into texsort's files under its own name, never painted over
  // (userFiles); false when the name is a folder's there (tmp, dev, ...).
  const userFiles = new Set();
  function holdFile(name, bytes) {
    try {
      window.texsort.writeFile('/' + name, bytes);
    } catch (e) {
      return false;
    }
    userFiles.add(name);
    return true;
  }

  // The controls' values, with `overrides` (option -> value) in place of theirs.
  function options(overrides = {}) {
    const o = {};
    for (const spec of specs) {
      const control = form.elements[spec.name];
      o[spec.name] = spec.name in overrides ? overrides[spec.name]
                     : spec.kind === 'checkbox' ? (control.checked ? 'on' : '')
                     : spec.kind === 'number' && control.value.trim() === '' ? String(spec.value)  // emptied: its default
                     : spec.kind === 'file' ? (state.files[spec.name] || '') : control.value;
    }
    return o;
  }
  // The command line for the controls: the preset's earlier sorts, each followed by --then, and
  // the controls' options that differ from the defaults and apply (the key's default said out loud
  // when none does after a --then, which needs an option).
  function optionArgs(overrides = {}) {
    const o = options(overrides), args = [];
    for (const spec of specs) {
      const applies = !spec.when || spec.when(o);
      form.querySelector(`[data-option="${spec.name}"]`).hidden = !applies;
      if (spec.name === 'preset' || !applies || String(o[spec.name]) === String(spec.value)) continue;
      args.push('--' + spec.name);
      if (spec.kind !== 'checkbox') args.push(String(o[spec.name]));
    }
    const earlier = presetSorts(o.preset).slice(0, -1);
    if (earlier.length && !args.length) args.push('--key', specs.find((x) => x.name === 'key').value);
    return [...earlier.flatMap((words) => [...words, '--then']), ...args];
  }
  // A shipped preset's sorts, each its words ([] for none, or before the module is up).
  function presetSorts(name) {
    if (name === 'none' || !window.texsort.presetRecipe) return [];
    try {
      return window.texsort.presetRecipe(name).split('\n').filter(Boolean).map((line) => line.split(/\s+/).filter(Boolean));
    } catch (e) {
      return [];
    }
  }
  // The controls set to a preset's last sort, from the defaults (--direction is the angle it names).
  function loadPreset(name) {
    if (name === 'none') return;
    applySettings('?' + new URLSearchParams({ preset: name }));
  }
  // Each control's value before a link's or the user's changes: its default, or, under a preset,
  // what the preset's last sort sets (so a link names the preset and what differs from it, and
  // ?preset=melt&lower=0.5 is melt with its lower bound moved). Before the module is up, the defaults.
  function baseValues(preset) {
    const base = Object.fromEntries(specs.map((spec) => [spec.name, String(spec.value)]));
    if (!preset || preset === 'none' || !specs[0].choices.includes(preset)) return base;
    const words = presetSorts(preset).at(-1) || [];
    for (let i = 0; i < words.length; i++) {
      const option = words[i].replace(/^--/, ''), spec = specs.find((x) => x.name === option);
      if (option === 'direction') base.angle = words[++i] === 'vertical' ? '-90' : '0';
      else if (spec?.kind === 'checkbox') base[option] = 'on';
      else if (spec) base[option] = words[++i];
      else showError(`preset ${preset}: the page has no control for ${words[i]}`);
    }
    return base;
  }

  // A file name as texsort reads it: one starting with - (or - itself) as ./NAME.
  const asOperand = (name) => (name.startsWith('-') ? './' + name : name);
  // A word as a POSIX shell reads it back: plain, or in single quotes.
  const quoted = (word) => (/^[A-Za-z0-9_.,:=+\/@%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle('error', !!isError);
  }
  // An error names the user's file, not the stream the page fed texsort; it marks the control whose
  // option it names, and the picture is stale until the options are good again.
  const firstLine = (message) => message.split('\n')[0].replace(/^texsort: error: /, '');  // texsort's message, as said
  function showError(message) {
    const line = firstLine(message).split('standard input').join(state.inputName);
    say(line, true);
    // The control the message names: by its option, or by the file it chose (a mask of the wrong size).
    const named = /--([a-z-]+)/.exec(line);
    const byFile = Object.keys(state.files).find((o) => line.startsWith(state.files[o] + ':'));
    for (const label of form.querySelectorAll('label')) {
      const bad = label.dataset.option === (byFile || (named && named[1]));
      label.classList.toggle('invalid', bad);
      label.querySelector('input, select')?.setAttribute('aria-invalid', String(bad));
    }
    setStale(true);
  }
  function setStale(stale) {
    state.stale = stale;
    picture.classList.toggle('stale', stale);
    $('save').disabled = $('save-recipe').disabled = stale || !state.sorted;
    if (!stale) for (const label of form.querySelectorAll('label.invalid')) label.classList.remove('invalid');
  }
  function showCommand(args) {
    if (state.clip && keys.size) args = animatedArgs();
    const note = state.converted ? ` (the page read ${state.inputName} as this PNG)` : '';
    $('command').textContent = ['texsort', 'pixelsort', state.shownName, '-o', commandOutput(), ...args].map(quoted).join(' ');
    $('command-note').textContent = note;
  }
  // The output the command line names: a picture; for a clip, what Save clip makes as the CLI makes
  // it: WebM (which holds no odd side) or, for the lossless choice, FFV1 in Matroska (exact pixels).
  function commandOutput() {
    const c = state.clip;
    if (!c || c.camera) return 'sorted.png';
    const odd = c.clip.width % 2 === 1 || c.clip.height % 2 === 1;
    return $('clip-format').value === 'webm' && !odd ? 'sorted.webm' : 'sorted.mkv';
  }

  // Beside each file option, the file in use (a file input cannot show one Undo brought back, nor
  // the mask painted): the input keeps its choice only while that file is the one in use.
  function showFiles() {
    for (const spec of specs.filter((x) => x.kind === 'file')) {
      const control = form.elements[spec.name], used = state.files[spec.name] ? plainName(state.files[spec.name]) : '';
      if (control.files[0] && control.files[0].name !== used) control.value = '';
      control.parentElement.querySelector('output').value = used && `in use: ${used}`;
    }
  }

  // The live sort: the newest settings only, a few passes a frame, the picture drawn from the GPU.
  // A change while a sort runs restarts it with the new settings; nothing stale is queued.
  const kFrameBudgetMs = 12;
  function update() {
    const args = optionArgs(state.animated);
    showCommand(args);
    showFiles();
    state.wanted = args;
    if (!state.opened || state.reading) return;
    state.pending = true;
    if (!state.running) {
      state.running = true;
      status.dataset.state = 'running';
      requestAnimationFrame(sortFrame);
    }
  }
  // The GPU gets one batch of passes at a time: the next batch, a new sort's first, or the drawing
  // only once the last one's fence has signalled, so a drag queues no more than one batch whatever
  // the picture's size. Settings that come meanwhile wait for the sort under way to be drawn, and
  // only the newest of them is sorted next. The batch doubles while the GPU keeps up within a frame
  // and halves when it does not. The sort is done when its picture is drawn: the time said is the
  // picture's.
  const gpu = { batch: 8, asked: -1, drawing: false, drawnFrame: 0 };
  function sortFrame() {
    const live = window.texsort.live;
    if (!live.done()) return requestAnimationFrame(sortFrame);
    const now = performance.now();
    if (gpu.asked >= 0) {  // a batch of passes was on the GPU: did it keep up?
      gpu.batch = now - gpu.asked < 2 * kFrameBudgetMs ? Math.min(gpu.batch * 2, 4096) : Math.max(gpu.batch >> 1, 1);
      gpu.asked = -1;
    }
    if (gpu.drawing) return drawn(live);
    if (state.pending && state.left === 0) {  // a sort under way is finished first (a playing clip asks each frame)
      state.pending = false;
      state.sortArgs = state.wanted;
      state.started = now;
      const r = live.set(state.sortArgs);
      if (r.error) return finish(r.error);
      state.left = r.passes;
      state.passes = r.passes;
      setStale(true);
    }
    if (state.left > 0) {
      gpu.asked = performance.now();
      state.left = live.advance(gpu.batch);
      live.fence();
      say(`sorting… pass ${state.passes - state.left} of ${state.passes}`);
      return requestAnimationFrame(sortFrame);
    }
    live.draw($('before').checked);
    if (state.clip) clipShown();
    gpu.drawing = true;
    gpu.drawnFrame = framesTaken;
    live.fence();
    requestAnimationFrame(sortFrame);
  }
  // The picture drawn is on the screen: the sort is done; newer settings that wait are sorted next.
  function drawn(live) {
    gpu.drawing = false;
    if (framesTaken !== gpu.drawnFrame) {  // a clip's frame came while the GPU drew: draw it
      live.draw($('before').checked);
      clipShown();
    }
    state.sorted = true;
    setStale(false);
    showSplit();
    finish(null, performance.now() - state.started);
    if (!state.pending) return;
    state.running = true;
    status.dataset.state = 'running';
    requestAnimationFrame(sortFrame);
  }
  function finish(error, ms) {
    state.running = false;
    status.dataset.state = 'ready';
    if (error) showError(error);
    else say(`sorted in ${(ms / 1000).toFixed(2)} s`);
    state.settled += 1;
    state.warmLeft = -1;  // until the warm has looked at what this settle left
    warmSoon();
  }
  // While the page is idle, the programs a first change of key, of the threshold's key or of the
  // intervals would compile are compiled ahead (texsort.live.warm sorts a strip of the picture's
  // lines, or the picture, with each, one at a time, waiting for the GPU between them), so a change
  // waits for one such sort at most.
  const kWarmPauseMs = 100;
  function warmSoon() {
    if (!state.warmTimer) state.warmTimer = setTimeout(warmStep, kWarmPauseMs);
  }
  function warmStep() {
    state.warmTimer = 0;
    const moving = state.clip && (state.clip.camera || state.clip.clip?.playing);
    if (moving || state.savingClip || state.recording) return warmSoon();  // until it pauses or ends
    if (state.running || state.pending || $('pixelsort-mode').hidden) return;  // the settle, or Watch's end, starts it again
    state.warmLeft = window.texsort.live.warm();
    if (state.warmLeft > 0) warmSoon();
  }

  // WebP (RIFF....WEBP) and AVIF/HEIF (....ftypavif, ftypheic, ...): formats browsers read and
  // stb_image does not; anything else goes to texsort as it is, which names what it cannot read.
  function browserOnlyFormat(b) {
    const text = (from, to) => String.fromCharCode(...b.subarray(from, to));
    return b.length > 12 && ((text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') ||
                             (text(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|mif1)$/.test(text(8, 12))));
  }

  // A picture opened: decoded and uploaded once (texsort.live.open names the user's file in any
  // error), then sorted with the controls' options. One that cannot be read leaves no picture. The
  // last one asked for wins, whichever finishes loading first: a caller that waits for the bytes
  // (a download, a file) takes its ticket before. Opening is a step of the page's history (Back and
  // Undo bring the picture before back) unless `restore`, which shows the picture of the entry.
  async function open(bytes, name, { sample = null, ticket = ++state.opening, restore = false, entry = steps.at,
                                     mask = null } = {}) {
    let input = new Uint8Array(bytes), converted = false;
    if (browserOnlyFormat(input)) {
      const tga = await media.decodedPicture(bytes);  // exactly as the browser decodes it
      if (tga) [input, converted] = [tga, true];
    }
    await window.texsort.ready;
    if (ticket !== state.opening) return;
    closeClip();
    name = name.replace(/^.*\//, '');
    const r = window.texsort.live.open(input, name);
    state.inputName = name;
    if (r.error) {
      state.opened = false;
      state.sorted = false;
      picture.classList.add('none');
      showError(r.error);
      $('command').textContent = '';
      if (!$('watch-mode').hidden) $('watch-status').textContent = status.textContent;
      state.settled += 1;
      return;
    }
    if (restore) useMask(mask);
    else useMask(state.files.mask && state.files.mask !== brush.painted ? maskRecord() : null);  // painted on the last picture
    Object.assign(state, { input, source: input, converted, sample, opened: true, sorted: false,
                           shownName: asOperand(converted ? name.replace(/\.[^.]*$/, '') + '.png' : name) });
    const held = pictures.get(entry);
    state.picture = restore && held?.bytes === bytes ? held : { bytes, name, sample };
    picture.classList.remove('none');
    if (!restore) {
      pushEntry(settingsQuery());  // a sample's name travels in the link
    } else if (entry === steps.at) {  // the entry shown: its link names its sample
      if (!held) pictures.set(entry, state.picture);
      history.replaceState(history.state, '', linkFor(settingsQuery()));
    }
    if (watch.opened) watch.opened = null;  // Watch opens the new picture when shown
    if (!$('watch-mode').hidden) watchOpen();
    update();
  }
  async function openSample(sample, restore = false) {
    const ticket = ++state.opening, entry = steps.at;
    const response = await fetch(sample + '.png');
    return open(await response.arrayBuffer(), sample + '.png', { sample, ticket, restore, entry });
  }
  async function openFile(file, name = file.name) {
    const ticket = ++state.opening, bytes = await file.arrayBuffer();
    if (media.isClip(file.type, new Uint8Array(bytes))) return openClip(file, name, ticket);
    if (await media.isAnimatedGif(new Uint8Array(bytes))) return openClip(new Uint8Array(bytes), name, ticket, { gif: true });
    return open(bytes, name, { ticket });
  }

  // --- A clip: a video the browser plays or an animated GIF, each frame it shows sorted on the GPU
  // with the live options as its picture would be (texsort.live.frame), the picture drawn from the
  // GPU. The frame shown is the picture Save PNG, the split and Watch take; the command line shown
  // sorts the clip. ---
  // A video from `source` (a file, the camera's stream, or a GIF's bytes), named `name` in
  // messages; `camera`: a live picture that cannot be stepped or sought.
  async function openClip(source, name, ticket, { camera = false, gif = false } = {}) {
    await window.texsort.ready;
    if (ticket !== state.opening) return;
    const keyed = closeClip();
    name = name.replace(/^.*\//, '');
    const clip = new (gif ? media.GifClip : media.Clip)(source, (frame) => clipFrame(clip, frame));
    state.clip = { clip, name, camera, frame: null, shown: 0 };
    const r = await clip.open();
    if (state.clip?.clip !== clip) return;
    if (r.error) return clipFailed(`${name}: ${r.error}`);
    useMask(null);
    Object.assign(state, { inputName: name, shownName: asOperand(name), converted: false, sample: null, sorted: false });
    $('clip-bar').hidden = false;
    for (const id of ['clip-back', 'clip-next', 'clip-seek', 'clip-save', 'key-add']) $(id).disabled = camera;
    $('clip-seek').max = String(camera ? 0 : clip.duration || 0);
    picture.classList.remove('none');
    showCommand(optionArgs());
    const dropped = keyed ? ' (the keyframes of the clip before are cleared)' : '';
    say((camera ? 'camera: each frame sorted as it comes' : `${name}: ${clip.count} frames, playing`) + dropped);
    clip.play().catch(() => showClipPlaying());
  }
  function clipFailed(message) {
    closeClip();
    state.opened = state.sorted = false;
    picture.classList.add('none');
    showError(message);
    state.settled += 1;
  }
  // The camera as a clip: its frames sorted as they come; Save PNG keeps the frame shown. A camera
  // refused is said, and the picture or clip shown stays as it was.
  async function openCamera() {
    const ticket = ++state.opening;
    const stream = await media.camera();
    if (stream.error) {
      if (ticket !== state.opening) return;
      say(`camera: ${stream.error}`, true);
      state.settled += 1;
      return;
    }
    if (ticket !== state.opening) return stream.getTracks().forEach((t) => t.stop());
    return openClip(stream, 'camera.png', ticket, { camera: true });
  }
  $('camera').addEventListener('click', openCamera);
  // A frame the clip shows ({source, width, height, time}) in place of the picture: straight from
  // the browser's decoder into the sort's source on the GPU, or, where WebGL2 cannot take it so,
  // through its pixels. `shown` becomes the frame kept: its pixels (shown.rgba, what Save and Watch
  // read as a file) are read back from the module only when asked for, and only while it is the
  // frame the sort starts from.
  let framesTaken = 0;
  function takeFrame({ source, width, height }, shown, name) {
    const taken = ++framesTaken;
    const r = window.texsort.live.frameFrom(source, width, height, name);
    if (r) {
      let rgba = null;
      Object.defineProperty(shown, 'rgba', { get: () => (rgba ??= taken === framesTaken ? window.texsort.live.source()?.rgba : null) });
      return r;
    }
    const pixels = media.pixelsOf(source, width, height);
    if (!pixels) return { error: `${name}: the browser gave no pixels for this frame` };
    shown.rgba = pixels.rgba;
    return window.texsort.live.frame(pixels, name);
  }
  function clipFrame(clip, frame) {
    const c = state.clip;
    if (c?.clip !== clip) return;
    const shown = { width: frame.width, height: frame.height, time: frame.time };
    c.frame = shown;
    c.index = c.clip.indexAt(frame.time);
    [state.source, state.input] = [shown, null];  // made a file only when Save or Watch ask (inputBytes)
    const moved = keys.size > 0 && c.index !== c.animatedAt && animateTo(c.index);  // a new frame: the keys move the options
    const r = takeFrame(frame, shown, c.name);
    showClipPlaying();
    if (r.error) {
      showError(r.error);
      state.settled += 1;
      return;
    }
    state.opened = true;
    // Planned again, sorted over the next animation frames; while the picture is stale (an error,
    // perhaps of the file before), sorted again so that the options are tried on this frame.
    if (!r.ready || moved) return update();
    if (state.running) return;  // the sort under way draws it (it is stale until then)
    if (state.stale) return update();
    window.texsort.live.draw($('before').checked);
    clipShown();
    state.sorted = true;
    showSplit();
    state.settled += 1;
  }
  function showClipPlaying() {
    const clip = state.clip?.clip;
    if (!clip) return;
    $('clip-play').textContent = clip.playing ? 'Pause' : 'Play';
    $('clip-seek').value = String(state.clip.frame?.time ?? 0);
    const at = state.clip.frame?.time ?? 0;
    $('clip-time').value = state.clip.camera ? `${at.toFixed(2)} s` : `${at.toFixed(2)} s, frame ${state.clip.clip.indexAt(at)}`;
  }
  function clipShown() {  // a frame of the clip drawn: counted, and recorded while Record is on
    state.clip.shown += 1;
    state.recording?.frame();
  }
  // Record and Stop: what the page shows from now on, as WebM (with the clip's sound), saved at Stop.
  async function record() {
    if (!state.recording) {
      if (!state.clip) return;
      state.recording = new media.Recorder(picture, state.clip.camera ? null : state.clip.clip.video);
      state.recording.name = '/' + state.shownName.replace(/^\.\//, '').replace(/\.[^.]*$/, '') + '-sorted.webm';  // the clip's
      $('clip-record').textContent = 'Stop';
      return;
    }
    const recording = state.recording;
    state.recording = null;
    $('clip-record').textContent = 'Record';
    const { blob, frames } = await recording.stop();
    state.recorded = { blob, frames };  // for the tests
    download(new Uint8Array(await blob.arrayBuffer()), blob.type, recording.name);
  }
  $('clip-record').addEventListener('click', record);
  // Save clip: every frame of the clip, stepped through one by one (none skipped however long each
  // takes; decoded by WebCodecs where the browser can), sorted by texsort pixelsort as Save PNG sorts
  // a picture, and the sorted frames written each for its own time as the format chosen says.
  async function saveClip() {
    const c = state.clip;
    if (!c || c.camera) return;
    if (state.savingClip) return say('Save clip is still finishing the clip before; try again in a moment', true);
    const clip = c.clip, shown = c.frame?.time ?? 0;
    if (!clip.measured) return say(`${c.name}: the page could not learn its frame rate, so it cannot step through its frames`, true);
    state.savingClip = true;  // before any wait: a second click is told, never a second save
    $('clip-save').disabled = true;
    let writer = null;
    try {
      writer = await clipWriter($('clip-format').value, clip.width, clip.height, 1 / clip.frameSeconds);
      if (!writer) return say(`${c.name}: this browser cannot encode WebM here; save it as an animated PNG`, true);
      const saved = await saveFrames(c, writer, false);
      if (!saved || state.clip !== c) return;
      const bytes = await writer.finish();
      // frames (keepSavedFrames) and how they were decoded: for the tests
      state.savedClip = { bytes, count: clip.count, frames: saved.frames, decodedBy: clip.decodedBy ?? 'ImageDecoder' };
      download(bytes, writer.type, writer.ending);
      say(`saved ${clip.count} frames as ${writer.what}${saved.alpha ? ', with alpha' : ''}`);
      if (!clip.playing) clip.seek(shown);  // back at the frame shown before (a failed save stays at its frame)
    } catch (e) {
      showError(`${c.name}: ${e.message}`);
    } finally {
      writer?.close();
      clip.walkEnd?.();
      clip.quiet = false;
      state.savingClip = false;
      $('clip-save').disabled = false;
      showClipPlaying();
    }
  }
  // Save clip's walk: each frame of the clip (from its middle) sorted and handed to the writer for
  // its own time. The first frame with alpha starts the walk again with alpha in every frame (an
  // animated PNG's frames share one colour type; WebM's alpha stream starts at the first). Resolves to
  // {frames, alpha}, or null when the clip closed or texsort refused (said).
  async function saveFrames(c, writer, alpha) {
    const clip = c.clip, frames = [];
    for (let k = 0; k < clip.count; k++) {
      if (state.clip !== c) return null;
      say(`saving the clip… frame ${k + 1} of ${clip.count}`);
      const frame = await clip.frameAt(clip.timeOf(k));
      if (!frame) return null;  // the clip was closed meanwhile
      if (!alpha && !media.isOpaque(frame.rgba)) return saveFrames(c, await writer.restart(), true);
      const at = keys.size ? valuesAt(k) : {};
      const r = at.error ? { code: 2, stderr: at.error }
        : await window.texsort.run(['pixelsort', '-', '-o', '-', '-q', ...optionArgs(at)], media.tgaOf(frame, alpha));
      if (r.code !== 0) return showError(keys.size ? `--animate: at frame ${k}: ${firstLine(r.stderr)}` : r.stderr), null;
      await writer.add(r.stdout, clip.secondsOf(k));
      if (state.keepSavedFrames) frames.push(frame);
    }
    return { frames, alpha };
  }
  // Where Save clip's sorted frames (texsort's PNG files) go: joined into one animated PNG, or their
  // pixels encoded as VP9 in WebM by WebCodecs. Null where the browser cannot encode the format.
  async function clipWriter(format, width, height, fps) {
    if (format === 'png') {
      const pngs = [], seconds = [];
      return { type: 'image/png', ending: '-sorted.png', what: 'an animated PNG', close() {},
               add: (png, s) => { pngs.push(png); seconds.push(s); },
               restart() { pngs.length = seconds.length = 0; return this; },
               finish: () => media.apngOf(pngs, seconds) || Promise.reject(new Error('its sorted frames differ in size or colour type')) };
    }
    let encoder = await media.webmEncoder(width, height, fps), alpha = false;
    return encoder && {
      type: 'video/webm', ending: '-sorted.webm', what: 'WebM', finish: () => encoder.finish(), close: () => encoder?.close(),
      async restart() {  // from the first frame again, with an alpha stream
        encoder.close();
        [encoder, alpha] = [await media.webmEncoder(width, height, fps, true), true];
        if (!encoder) throw new Error('this browser cannot encode its alpha as WebM; save it as an animated PNG');
        return this;
      },
      async add(png, seconds) {
        const bitmap = await createImageBitmap(new Blob([png]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
        try {
          await encoder.add(alpha ? media.pixelsOf(bitmap, bitmap.width, bitmap.height) : bitmap, seconds);
        } finally {
          bitmap.close();
        }
      },
    };
  }
  $('clip-save').addEventListener('click', saveClip);
  $('clip-format').addEventListener('change', () => showCommand(optionArgs(state.animated)));  // the command's output follows
  if (typeof VideoEncoder === 'undefined') $('clip-format').querySelector('[value=webm]').remove();  // no WebCodecs

  // Keyframes (--animate): an option's value at a frame of the clip, as many as wanted; between
  // them the option moves as the CLI moves it (texsort.live.animated: the CLI's own code), the
  // picture following while the clip plays, and the command line shown says --animate.
  const keys = new Map();  // option -> Map(frame -> value)
  const clipTiming = () => ({ count: state.clip.clip.count, fps: 1 / state.clip.clip.frameSeconds });
  const animateSpec = (name) => `${name}=` + [...keys.get(name)].sort((a, b) => a[0] - b[0]).map(([f, v]) => `${f}:${v}`).join(',');
  // The keyed options' values at frame k ({option: value}), or {error}.
  function valuesAt(k) {
    const { count, fps } = clipTiming(), values = {};
    for (const name of keys.keys()) {
      const r = window.texsort.live.animated(animateSpec(name), k, count, fps);
      if (r.error) return { error: r.error };
      values[name] = String(r.value);
    }
    return values;
  }
  // The options at frame k in force (state.animated, the controls showing them); whether they moved.
  function animateTo(k) {
    const values = valuesAt(k);
    if (values.error) {
      showError(values.error);
      return false;
    }
    const moved = JSON.stringify(values) !== JSON.stringify(state.animated);
    state.animated = values;
    state.clip.animatedAt = k;
    for (const [name, value] of Object.entries(values)) {
      form.elements[name].value = value;
      const shown = form.elements[name].parentElement.querySelector('output');
      if (form.elements[name].type === 'range') shown.value = value;
    }
    return moved;
  }
  // The command line for the clip: the keyed options as --animate, the rest as the controls say.
  function animatedArgs() {
    const defaults = Object.fromEntries([...keys.keys()].map((name) => [name, String(specs.find((x) => x.name === name).value)]));
    return [...optionArgs(defaults), ...[...keys.keys()].flatMap((name) => ['--animate', animateSpec(name)])];
  }
  function showKeys() {
    $('key-list').textContent = [...keys.keys()].map((name) => '--animate ' + animateSpec(name)).join(' ') || 'no keyframes';
  }
  function clearKeys() {
    keys.clear();
    state.animated = {};
    showKeys();
  }
  for (const name of ['lower', 'upper', 'angle', 'mix', 'span-length', 'max-span', 'skip', 'seed']) {
    $('key-option').add(new Option(name, name));
  }
  $('key-add').addEventListener('click', () => {
    const c = state.clip;
    if (!c || c.camera || c.index === undefined) return;
    const name = $('key-option').value;
    if (!keys.has(name)) keys.set(name, new Map());
    keys.get(name).set(c.index, Number(form.elements[name].value));
    showKeys();
    animateTo(c.index);
    update();
  });
  $('key-clear').addEventListener('click', () => {
    clearKeys();
    update();
  });
  // Whether keyframes went with it.
  function closeClip() {
    if (state.recording) record();
    if (!state.clip) return false;
    const keyed = keys.size > 0;
    clearKeys();
    state.clip.clip.close();
    state.clip = null;
    $('clip-bar').hidden = true;
    return keyed;
  }
  $('clip-play').addEventListener('click', () => {
    const clip = state.clip?.clip;
    if (!clip) return;
    if (clip.playing) clip.pause();
    else clip.play().catch((e) => say(e.message, true));
    showClipPlaying();
  });
  $('clip-back').addEventListener('click', () => state.clip?.clip.step(-1));
  $('clip-next').addEventListener('click', () => state.clip?.clip.step(1));
  $('clip-seek').addEventListener('input', () => {
    state.clip?.clip.pause();
    state.clip?.clip.seek(Number($('clip-seek').value));
  });
  // The picture shown as a file texsort reads: the bytes opened, or the clip's frame as a TGA.
  function inputBytes() {
    if (!state.input && state.clip?.frame) state.input = media.tgaOf(state.clip.frame);
    return state.input;
  }
  // The PNG texsort pixelsort writes for the picture and the options shown: Save's bytes.
  async function savedPng() {
    const r = await window.texsort.run(['pixelsort', '-', '-o', '-', '-q', ...state.sortArgs], inputBytes());
    if (r.code !== 0) throw new Error(r.stderr);
    return r.stdout;
  }

  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    e.target.value = '';  // the same file chosen again is opened again
    if (file) await openFile(file);
  });
  document.addEventListener('dragover', (e) => { e.preventDefault(); document.body.classList.add('dropping'); });
  document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) document.body.classList.remove('dropping'); });
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    document.body.classList.remove('dropping');
    const file = e.dataTransfer.files[0];
    if (file) await openFile(file);
  });
  for (const sample of samples) $('sample-' + sample).addEventListener('click', () => openSample(sample));
  $('before').addEventListener('change', () => {
    if (state.sorted && !state.running) window.texsort.live.draw($('before').checked);
  });
  // Before and after: the picture as opened over the sorted one, left of the slider's place (a copy
  // made once per picture, when the slider first moves).
  const original = $('original');
  let originalOf = null;
  function showSplit() {
    const split = Number($('split').value);
    original.hidden = split === 0 || !state.sorted;
    if (original.hidden || state.running) return;
    if (originalOf !== state.source) {
      window.texsort.live.draw(true);
      [original.width, original.height] = [picture.width, picture.height];
      original.getContext('2d').drawImage(picture, 0, 0);
      window.texsort.live.draw($('before').checked);
      originalOf = state.source;
    }
    original.style.clipPath = `inset(0 ${100 - split}% 0 0)`;
  }
  $('split').addEventListener('input', showSplit);
  $('fit').addEventListener('change', () => picture.classList.toggle('actual', !$('fit').checked));
  // A file handed to the browser's downloads, named after the picture.
  // `ending` follows the picture's name; a name starting with / is the whole name.
  function download(bytes, type, ending) {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([bytes], { type }));
    a.download = ending.startsWith('/') ? ending.slice(1) : state.shownName.replace(/^\.\//, '').replace(/\.[^.]*$/, '') + ending;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
  }
  $('save').addEventListener('click', async () => {
    let bytes;
    try {
      bytes = await savedPng();
    } catch (e) {
      return showError(e.message);
    }
    download(bytes, 'image/png', '-pixelsorted.png');
  });
  // The options as a recipe file (`texsort pixelsort PICTURE --preset FILE` reads it): a sort a
  // line (a preset's earlier sorts, then the controls'; the defaults' first option for one that
  // differs in none).
  function recipeText() {
    const args = state.sortArgs;
    const unfit = args.find((word) => /[\s#]/.test(word));
    if (unfit) throw new Error(`a recipe splits its words at blanks and ends a line at '#': '${unfit}' cannot be one (rename the file)`);
    const lines = [[]];
    for (const word of args) {
      if (word === '--then') lines.push([]);
      else lines.at(-1).push(word);
    }
    const key = specs.find((x) => x.name === 'key').value;
    const text = lines.map((words) => (words.length ? words.join(' ') : '--key ' + key)).join('\n');
    return `# texsort recipe, from the page: texsort pixelsort PICTURE -o OUT.png --preset THIS_FILE\n${text}\n`;
  }
  $('save-recipe').addEventListener('click', () => {
    let text;
    try {
      text = recipeText();
    } catch (e) {
      return say(e.message, true);
    }
    download(new TextEncoder().encode(text), 'text/plain', '-recipe.txt');
  });

  // --- The mask brush, the desktop's: drag on the picture to paint where the sort acts (white),
  // the right button or Erase to take it back. It paints on the mask in use (a file chosen, else
  // black); the painted mask is the --mask file the command line names (NAME-mask.png, texsort's
  // PNG; never the name of a file the user chose), and Save mask gives that file. A stroke, Fill,
  // Clear and a mask chosen are entries of the page's history: Undo takes them back. ---
  // painted and chosen: the painted mask's name and the chosen file's (operands); version: the
  // mask in use's, new at each change of its pixels.
  const brush = { stroke: null, painted: null, version: 0, versions: 0 };
  const plainName = (operand) => operand.replace(/^\.\//, '');
  function brushFile() {
    const stem = plainName(state.shownName).replace(/\.[^.]*$/, '');
    const taken = [...userFiles, state.files.field].filter(Boolean).map(plainName);
    for (let k = 1; ; k++) {
      const name = `${stem}-mask${k > 1 ? '-' + k : ''}.png`;
      if (!taken.includes(name)) return name;
    }
  }
  function brushPaint(x0, y0, x1, y1, radius, level) {
    const name = brushFile();
    const r = window.texsort.live.brush('/' + name, x0, y0, x1, y1, radius, level);
    if (r.error) return showError(r.error);
    state.files.mask = brush.painted = asOperand(name);
    brush.version = ++brush.versions;
    $('brush-save').disabled = false;
    update();
    return true;
  }
  // The mask in use as an entry of the history holds it: {operand, painted, version, bytes} (the
  // same object while it does not change), or null for none.
  let lastMask = null;
  function maskRecord() {
    const operand = state.files.mask;
    if (!operand) return null;
    if (lastMask?.operand !== operand || lastMask.version !== brush.version) {
      lastMask = { operand, painted: operand === brush.painted, version: brush.version,
                   bytes: window.texsort.readFile('/' + plainName(operand)) };
    }
    return lastMask;
  }
  // A mask made the one in use (null: none): its file written back, the brush starting from it.
  function useMask(record) {
    if (record) {
      window.texsort.writeFile('/' + plainName(record.operand), record.bytes);
      state.files.mask = record.operand;
      if (record.painted) brush.painted = record.operand;
      brush.version = record.version;
      lastMask = record;
    } else {
      delete state.files.mask;
      form.elements.mask.value = '';
    }
    window.texsort.live.brushFrom(record ? '/' + plainName(record.operand) : '');
    $('brush-save').disabled = !record?.painted;
    showFiles();
  }
  // A mask file chosen (or none): the brush paints on it from now on.
  function maskChosen(operand) {
    brush.version = ++brush.versions;
    window.texsort.live.brushFrom(operand ? '/' + plainName(operand) : '');
    $('brush-save').disabled = true;
  }
  function brushAt(e) {  // the pointer in picture pixels
    const box = picture.getBoundingClientRect();
    return [(e.clientX - box.left) * picture.width / box.width, (e.clientY - box.top) * picture.height / box.height];
  }
  function brushStroke(e) {
    if (!brush.stroke) return;
    const [x, y] = brushAt(e), [x0, y0] = brush.stroke.at;
    brushPaint(x0, y0, x, y, Number($('brush-size').value), brush.stroke.level);
    brush.stroke.at = [x, y];
  }
  const frame = $('frame');
  frame.addEventListener('pointerdown', (e) => {
    if (!$('brush').checked || !state.opened || (e.button !== 0 && e.button !== 2)) return;
    e.preventDefault();
    frame.setPointerCapture(e.pointerId);
    brush.stroke = { at: brushAt(e), level: e.button === 2 || $('brush-erase').checked ? 0 : 255 };
    brushStroke(e);
  });
  frame.addEventListener('pointermove', brushStroke);
  for (const end of ['pointerup', 'pointercancel']) {
    frame.addEventListener(end, () => {
      if (brush.stroke) pushEntry(settingsQuery());  // a stroke is an entry once it ends
      brush.stroke = null;
    });
  }
  frame.addEventListener('contextmenu', (e) => $('brush').checked && e.preventDefault());
  $('brush').addEventListener('change', () => frame.classList.toggle('brushing', $('brush').checked));
  $('brush-size').addEventListener('input', () => { $('brush-size-shown').value = $('brush-size').value + ' px'; });
  for (const [id, level] of [['brush-fill', 255], ['brush-clear', 0]]) {
    $(id).addEventListener('click', () => state.opened && brushPaint(0, 0, 0, 0, -1, level) && pushEntry(settingsQuery()));
  }
  $('brush-save').addEventListener('click', () => {
    const name = '/' + plainName(brush.painted);  // the name the command line gives it
    download(window.texsort.readFile(name), 'image/png', name);
  });
  // B, X, [ and ]: the desktop brush's keys, when no field or list has focus; , and . step a clip.
  document.addEventListener('keydown', (e) => {
    if ($('pixelsort-mode').hidden || e.ctrlKey || e.metaKey || e.altKey ||
        document.activeElement?.matches('input[type=text], input[type=number], select, textarea')) return;
    const size = $('brush-size');
    const keys = { b: () => $('brush').click(), x: () => $('brush-erase').click(),
                   '[': () => { size.value = Math.round(Number(size.value) / 1.25); size.dispatchEvent(new Event('input')); },
                   ']': () => { size.value = Math.ceil(Number(size.value) * 1.25); size.dispatchEvent(new Event('input')); } };
    if (state.clip && !state.clip.camera) Object.assign(keys, { ',': () => state.clip.clip.step(-1), '.': () => state.clip.clip.step(1) });
    const key = keys[e.key.toLowerCase()];
    if (key) { e.preventDefault(); key(); }
  });

  // --- The settings as a link, and their history: Back and Forward, Undo and Redo walk it. ---
  // Options that differ from the defaults (a file the user chose cannot travel in a link) and the
  // sample shown, as a query; a change is an entry once made (a slider let go, a list chosen).
  function settingsQuery() {
    const o = options(), params = new URLSearchParams(), base = baseValues(o.preset);
    if (state.sample) params.set('image', state.sample);
    for (const spec of specs) {
      if (spec.kind !== 'file' && String(o[spec.name]) !== base[spec.name]) params.set(spec.name, o[spec.name]);
    }
    const query = params.toString();
    return query ? '?' + query : '';
  }
  const linkFor = (query) => query || location.pathname;
  // The controls as a query says (what it leaves out at its default); the values they could not
  // take as given, each said as what the page used instead.
  // The value a control takes for `value`: a list's own, a number held to its bounds (whole for a
  // number field), the default for what is neither.
  function fitted(spec, value) {
    if (spec.kind === 'select') return spec.choices.includes(value) ? value : spec.value;
    if (spec.kind !== 'range' && spec.kind !== 'number') return value;
    const n = spec.kind === 'number' ? Math.round(Number(value)) : Number(value);
    if (value.trim() === '' || !Number.isFinite(n)) return String(spec.value);
    return String(Math.min(spec.max, Math.max(spec.min, n)));
  }
  function applySettings(query) {
    const params = new URLSearchParams(query), unfit = [], base = baseValues(params.get('preset'));
    for (const spec of specs) {
      const control = form.elements[spec.name];
      if (spec.kind === 'file') continue;
      const value = params.has(spec.name) ? params.get(spec.name) : base[spec.name];
      if (spec.kind === 'checkbox') control.checked = value === 'on';
      else control.value = fitted(spec, value);
      if (spec.kind === 'range') control.parentElement.querySelector('output').value = control.value;
      const taken = spec.kind === 'checkbox' ? (control.checked ? 'on' : '') : control.value;
      const same = ['range', 'number'].includes(spec.kind) ? value.trim() !== '' && Number(taken) === Number(value) : taken === value;
      if (!same) unfit.push(`${spec.name}=${value} (the page uses ${taken || 'none'})`);
    }
    return unfit;
  }
  // The entry shown and the newest one after it, kept for this tab across a reload (Redo still
  // reaches the entries after the one reloaded); a page opened afresh has none after it.
  const kNewest = 'texsort.newest';
  const newestKept = (step) => {  // a browser that keeps nothing for the page: Redo as far as this page knows
    try {
      if (step === undefined) return Number(sessionStorage.getItem(kNewest)) || 0;
      sessionStorage.setItem(kNewest, String(step));
    } catch (e) {
      return 0;
    }
  };
  const steps = { at: history.state?.step ?? 0, newest: history.state?.step ?? 0 };
  if (history.state) steps.newest = Math.max(steps.at, newestKept());
  function showSteps() {
    $('undo').disabled = steps.at === 0;
    $('redo').disabled = steps.at >= steps.newest;
  }
  // Steps a key makes on one control (an arrow held or pressed on a slider) are one entry: a change
  // from the keyboard on the control the newest entry came from, within a second, replaces it.
  const keyed = { control: null, at: -Infinity, step: -1, down: -Infinity };
  form.addEventListener('keydown', () => { keyed.down = performance.now(); });
  function commit(e) {
    const query = settingsQuery();
    if (query === location.search) return;
    const control = e?.target ?? null, now = performance.now(), byKey = now - keyed.down < 500;
    if (byKey && control && control === keyed.control && steps.at === keyed.step && steps.at > 0 && now - keyed.at < 1000) {
      kept.set(steps.at, { files: { ...state.files }, mask: maskRecord() });
      history.replaceState({ step: steps.at }, '', linkFor(query));
    } else {
      pushEntry(query);
    }
    Object.assign(keyed, { control: byKey ? control : null, at: now, step: steps.at });
  }
  // A new entry after the one shown (the newer ones dropped), holding the picture shown now.
  const pictures = new Map();  // step -> {bytes, name, sample}: each entry's picture, in memory
  const kept = new Map();  // step -> {files: the files the options name, mask: the mask in use (maskRecord)}, in memory
  function pushEntry(query) {
    steps.at += 1;
    steps.newest = steps.at;
    newestKept(steps.newest);
    pictures.set(steps.at, state.picture);
    kept.set(steps.at, { files: { ...state.files }, mask: maskRecord() });
    history.pushState({ step: steps.at }, '', linkFor(query));
    showSteps();
  }
  // Undo and Redo move one entry at a time: a click while the browser is still moving is added to
  // the walk, so a double click or a held key never walks off the page's entries.
  const walk = { moving: false, owed: 0 };
  function stepBy(by) {
    const to = steps.at + by;
    if (to < 0 || to > steps.newest) return;
    steps.at = to;
    showSteps();
    if (walk.moving) walk.owed += by;
    else travel(by);
  }
  function travel(by) {
    walk.moving = true;
    walk.owed = 0;
    history.go(by);
  }
  // An entry brings back its settings, its picture and its mask: the ones it held in this page's
  // memory, else (after a reload) the sample its link names.
  window.addEventListener('popstate', (e) => {
    walk.moving = false;
    if (walk.owed) return travel(walk.owed);
    steps.at = e.state?.step ?? 0;
    applySettings(location.search);
    showSteps();
    const held = pictures.get(steps.at), sample = new URLSearchParams(location.search).get('image');
    const entry = kept.get(steps.at), mask = entry?.mask ?? null;
    if (entry) state.files = { ...entry.files };  // the mask's file is useMask's to write back
    if (held && held !== state.picture) {
      showCommand(optionArgs());
      open(held.bytes, held.name, { sample: held.sample, restore: true, mask });
    } else if (!held && samples.includes(sample) && sample !== state.sample) {
      showCommand(optionArgs());
      openSample(sample, true);
    } else {
      state.opening++;  // a picture still loading for another entry is not this one's
      useMask(mask);
      update();
    }
  });
  form.addEventListener('change', commit);
  $('undo').addEventListener('click', () => stepBy(-1));
  $('redo').addEventListener('click', () => stepBy(1));
  $('reset').addEventListener('click', () => {
    const hadFiles = Object.keys(state.files).length > 0;
    applySettings('');
    for (const spec of specs.filter((x) => x.kind === 'file')) form.elements[spec.name].value = '';
    state.files = {};
    useMask(null);
    if (hadFiles || settingsQuery() !== location.search) pushEntry(settingsQuery());  // Undo brings the mask back too
    update();
  });
  // The user's own presets: option sets kept in this browser under a name, loaded into the
  // controls (and so editable) when chosen.
  const kKept = 'texsort.presets';
  const keptPresets = () => {
    try {
      const kept = JSON.parse(localStorage.getItem(kKept) || '{}');
      return kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
    } catch (e) {
      return {};
    }
  };
  function listKept(chosen = '') {
    const list = $('my-presets'), kept = keptPresets(), names = Object.keys(kept).sort();
    list.replaceChildren(new Option(names.length ? 'choose one…' : '(none kept)', ''), ...names.map((n) => new Option(n, n)));
    list.value = names.includes(chosen) ? chosen : '';
    $('forget').disabled = !list.value;
  }
  $('keep').addEventListener('click', () => {
    const name = $('preset-name').value.trim();
    if (!name) return say('give the preset a name first', true);
    const kept = keptPresets();
    kept[name] = settingsQuery().replace(/^\?/, '').replace(/(^|&)image=[^&]*/, '').replace(/^&/, '');
    try {
      localStorage.setItem(kKept, JSON.stringify(kept));
    } catch (e) {
      return say(`this browser keeps no presets for the page (${e.message})`, true);
    }
    $('preset-name').value = '';
    listKept(name);
    say(`kept the options as "${name}"` + (Object.keys(state.files).length ? ' (without their files)' : ''));
  });
  $('my-presets').addEventListener('change', () => {
    const name = $('my-presets').value;
    $('forget').disabled = !name;
    if (!name) return;
    applySettings(keptPresets()[name] || '');
    commit();
    update();
  });
  $('forget').addEventListener('click', () => {
    const kept = keptPresets();
    delete kept[$('my-presets').value];
    localStorage.setItem(kKept, JSON.stringify(kept));
    listKept();
  });
  listKept();
  document.addEventListener('keydown', (e) => {
    if (!$('pixelsort-mode').hidden && (e.ctrlKey || e.metaKey) && !e.altKey && /^[zy]$/i.test(e.key) &&
        !document.activeElement?.matches('input[type=text], input[type=number], textarea')) {
      e.preventDefault();
      (e.key.toLowerCase() === 'y' || e.shiftKey ? $('redo') : $('undo')).click();
    }
  });
  $('copy').addEventListener('click', async () => {
    const text = $('command').textContent;
    try {
      await navigator.clipboard.writeText(text);
      say('copied the command line');
    } catch (e) {  // no clipboard for the page: the text selected, for the user's own copy
      getSelection().selectAllChildren($('command'));
      say('the browser keeps the clipboard from the page: the command line is selected, copy it with Ctrl+C');
    }
  });
  // An image pasted anywhere but in a text field opens as a dropped one does.
  document.addEventListener('paste', async (e) => {
    const file = [...(e.clipboardData?.files || [])].find((f) => f.type.startsWith('image/'));
    if (!file || document.activeElement?.matches('input[type=text], input[type=number], textarea')) return;
    e.preventDefault();
    await openFile(file, file.name || 'pasted.png');
  });

  // --- Watch the sort: the image sorted by luma pass by pass, as the desktop viewer shows it. ---
  const watch = { passes: 0, pass: 0, playing: false, opened: null, owed: 0, last: 0 };
  const canvas = $('watch-canvas');
  function watchShow() {
    const t = window.texsort.watch;
    watch.pass = t.seek(watch.pass);
    t.draw({ roles: $('watch-roles').checked, changed: $('watch-changed').checked });  // on the GPU, then copied
    [canvas.width, canvas.height] = [picture.width, picture.height];
    canvas.getContext('2d').drawImage(picture, 0, 0);
    const [title, parameters, plain, explanation] = t.text().split('\n');
    $('watch-title').textContent = title;
    $('watch-parameters').textContent = parameters || '';
    $('watch-plain').textContent = plain || '';
    $('watch-explanation').textContent = explanation || '';
    $('watch-pass').max = watch.passes;
    $('watch-pass').value = watch.pass;
    $('watch-count').value = `pass ${watch.pass} of ${watch.passes}`;
    showPassTime();
    showNetwork();
    const c = t.counters();
    $('watch-counters').textContent = `compare-exchanges ${c.compareExchanges.toLocaleString('en')} · moved ` +
      `${c.moved.toLocaleString('en')} · in order ${c.inOrder.toFixed(1)}% · settled ${c.settled.toFixed(1)}% · ` +
      `mean distance ${c.distance.toFixed(1)}% of N`;
    $('watch-play').textContent = watch.playing ? 'Pause' : 'Play';
  }
  // A small sort drawn as the desktop draws it: a wire per element (its colour, luma and original
  // place), a column per pass with its comparators (the arrow where the larger goes; done blue,
  // the pass shown yellow), and the elements as bars by luma.
  function showNetwork() {
    const net = window.texsort.watch.network(), diagram = $('watch-network'), bars = $('watch-bars');
    diagram.hidden = bars.hidden = !net;
    if (!net) return;
    const gap = net.n > 32 ? 12 : 18, label = 70, columnWidth = (col) => (Math.max(0, ...col.map((c) => c.lane)) + 1) * 5 + 12;
    diagram.width = label + net.columns.reduce((w, col) => w + columnWidth(col), 0) + 10;
    diagram.height = net.n * gap + 10;
    const g = diagram.getContext('2d'), wireY = (i) => 5 + i * gap;
    g.fillStyle = '#16171b';
    g.fillRect(0, 0, diagram.width, diagram.height);
    g.font = '11px system-ui, sans-serif';
    net.wires.forEach((wire, i) => {
      g.fillStyle = wire.rgb;
      g.fillRect(0, wireY(i) - 5, 10, 10);
      g.fillStyle = '#dcdcdc';
      g.fillText(wire.index === null ? 'pad' : `${wire.luma} #${wire.index}`, 14, wireY(i) + 4);
      g.fillStyle = '#6e6e78';
      g.fillRect(label, wireY(i), diagram.width - label, 1);
    });
    let x = label;
    net.columns.forEach((col, k) => {
      const current = k + 1 === watch.pass;
      if (current) { g.fillStyle = 'rgba(255,255,255,0.12)'; g.fillRect(x, 0, columnWidth(col) - 4, diagram.height); }
      g.strokeStyle = g.fillStyle = current ? '#ffdc50' : k < watch.pass ? '#8cb4ff' : '#5a5a6e';
      for (const c of col) {
        const cx = x + 4 + c.lane * 5, [from, to] = c.up ? [wireY(c.low), wireY(c.high)] : [wireY(c.high), wireY(c.low)];
        g.beginPath(); g.moveTo(cx, from); g.lineTo(cx, to); g.stroke();
        const dir = to > from ? 1 : -1;
        g.beginPath(); g.moveTo(cx, to); g.lineTo(cx - 3, to - 6 * dir); g.lineTo(cx + 3, to - 6 * dir); g.fill();
      }
      x += columnWidth(col);
    });
    [bars.width, bars.height] = [net.n * 8, 120];
    const b = bars.getContext('2d');
    b.fillStyle = '#0d0e11';
    b.fillRect(0, 0, bars.width, bars.height);
    net.wires.forEach((wire, i) => {
      const h = wire.index === null ? bars.height : Math.max(1, (wire.luma / 255) * bars.height);
      b.fillStyle = wire.index === null ? '#464646' : wire.rgb;
      b.fillRect(i * 8, bars.height - h, 7, h);
    });
  }
  // The pass's GPU time from the timer query once the browser has it (looked for each frame until
  // then); the wall time where there is no timer or the pass was reached by a jump.
  function showPassTime() {
    const t = window.texsort.watch, pass = watch.pass;
    const gpu = t.gpuTimed(pass), pending = gpu === null && t.gpuPending(pass);
    $('watch-time').textContent = pass === 0 ? ''
      : gpu !== null ? `this pass: ${gpu.toFixed(3)} ms on the GPU (timer query)`
      : pending ? 'this pass: timing on the GPU…'
      : `this pass: ${t.gpuMs().toFixed(2)} ms wall time` + (t.hasGpuTimer() ? ' (reached by a jump: step to time it on the GPU)'
                                                                             : ' (this browser has no GPU timer)');
    if (pending) requestAnimationFrame(() => watch.pass === pass && showPassTime());
  }
  function watchOpen() {
    if (!state.source) return;
    const opened = window.texsort.watch.open(inputBytes(), $('watch-algo').value, $('watch-order').value, state.inputName,
                                             $('watch-small').checked ? 8 : 0);
    watch.playing = false;
    if (opened.error) {
      $('watch-status').textContent = opened.error;
      watch.passes = 0;
      return;
    }
    watch.passes = opened.passes;
    watch.pass = 0;
    watch.opened = state.source;
    $('watch-status').textContent = '';
    watchShow();
    if ($('watch-sound').checked) window.texsort.watch.tone();  // the first tone is the first pass's
    if (opened.scaled) {
      const drawn = window.texsort.watch.network() !== null;
      $('watch-status').textContent = !$('watch-small').checked
        ? 'transposition has a pass for every pixel: watching a copy at most 64 pixels a side'
        : 'watching a copy at most 8 pixels a side: ' + (drawn ? 'its network below'
          : `${$('watch-algo').value}'s passes are not one layer of comparators each (fused steps, or radix's flags, ` +
            'scans and gathers): no network or bars to draw');
    }
  }
  // A tone for each pass shown, as record --sound pitches it (220 Hz for black to 880 Hz for white,
  // by the mean luma of the pixels it moved; louder the more moved), as long as a pass is on screen.
  let audio = null;
  function sound() {
    if (!$('watch-sound').checked) return;
    const { frequency, amplitude } = window.texsort.watch.tone();
    if (!(amplitude > 0)) return;
    audio = audio || new AudioContext();
    const speed = Number($('watch-speed').value);
    const seconds = Math.min(0.25, watch.playing && speed > 0 ? 1 / speed : 0.25), t = audio.currentTime;
    const oscillator = audio.createOscillator(), gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0, t);
    gain.gain.linearRampToValueAtTime(0.25 * amplitude, t + 0.005);
    gain.gain.linearRampToValueAtTime(0, t + seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(t);
    oscillator.stop(t + seconds);
    watch.sounded = { frequency, amplitude };
  }
  const go = (pass) => {
    watch.pass = Math.max(0, Math.min(watch.passes, pass));
    watchShow();
    sound();
  };
  $('watch-reset').addEventListener('click', () => { watch.playing = false; go(0); });
  $('watch-back').addEventListener('click', () => go(watch.pass - 1));
  $('watch-step').addEventListener('click', () => go(watch.pass + 1));
  $('watch-end').addEventListener('click', () => { watch.playing = false; go(watch.passes); });
  $('watch-play').addEventListener('click', () => {
    watch.playing = !watch.playing;
    if (watch.playing) $('watch-status').textContent = '';
    const speed = Number($('watch-speed').value), playable = speed >= 0.5 && speed <= 240;  // else play() says so
    if (watch.playing && playable && watch.pass === watch.passes) watch.pass = 0;
    watch.owed = 0;
    watch.last = performance.now();
    watchShow();
    requestAnimationFrame(play);
  });
  $('watch-pass').addEventListener('input', () => go(Number($('watch-pass').value)));
  for (const id of ['watch-algo', 'watch-order', 'watch-small']) $(id).addEventListener('change', watchOpen);
  for (const id of ['watch-roles', 'watch-changed']) $(id).addEventListener('change', () => watch.passes && watchShow());
  $('watch-sound').addEventListener('change', () => {  // the tones start from the state shown now
    if ($('watch-sound').checked && watch.passes) window.texsort.watch.tone();
  });
  function play(now) {
    if (!watch.playing) return;
    const speed = Number($('watch-speed').value);
    if (!(speed >= 0.5 && speed <= 240)) {  // 0, -5, empty: say so instead of a Pause that never moves
      watch.playing = false;
      watchShow();
      $('watch-status').textContent = 'passes per second: give a number from 0.5 to 240';
      return;
    }
    watch.owed += (now - watch.last) / 1000 * speed;
    watch.last = now;
    const steps = Math.floor(watch.owed);
    if (steps > 0) {
      watch.owed -= steps;
      go(watch.pass + steps);
      if (watch.pass === watch.passes) { watch.playing = false; watchShow(); return; }
    }
    requestAnimationFrame(play);
  }
  document.addEventListener('keydown', (e) => {
    // The page's keys never take a focused control's own: a field or a list keeps every key, a
    // button or a link its Space and Enter.
    const focused = document.activeElement;
    if ($('watch-mode').hidden || focused?.matches('input, select, textarea') ||
        (focused?.matches('button, a') && (e.key === ' ' || e.key === 'Enter'))) return;
    const keys = { ' ': () => $('watch-play').click(), ArrowRight: () => go(watch.pass + 1), ArrowLeft: () => go(watch.pass - 1),
                   Home: () => { watch.playing = false; go(0); }, End: () => { watch.playing = false; go(watch.passes); } };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  for (const radio of document.querySelectorAll('input[name=mode]')) {
    radio.addEventListener('change', () => {
      const watching = radio.value === 'watch' && radio.checked;
      $('watch-mode').hidden = !watching;
      $('pixelsort-mode').hidden = watching;
      if (!watching && state.sorted && !state.running) window.texsort.live.draw($('before').checked);  // Watch drew there
      if (!watching) warmSoon();
      if (watching && watch.opened !== state.source) watchOpen();
      if (watching) $('watch-play').focus();  // its keys work at once (a focused radio keeps the arrows)
    });
  }

  // A link opens with its settings and its sample (the first sample without one); what it asks
  // that the page cannot give is said above the controls.
  const unfit = applySettings(location.search), linkParams = new URLSearchParams(location.search);
  const linked = linkParams.get('image');
  if (linked !== null && !samples.includes(linked)) unfit.push(`image=${linked} (no such sample: ${samples[0]})`);
  const seen = new Set();
  for (const [name, value] of linkParams) {
    const spec = specs.find((x) => x.name === name);
    if (seen.has(name)) unfit.push(`${name}=${value} (given again: the page uses the first)`);
    else if (spec?.kind === 'file') unfit.push(`${name}=${value} (a file cannot travel in a link)`);
    else if (!spec && name !== 'image') unfit.push(`${name}=${value} (no such option)`);
    seen.add(name);
  }
  // A link naming a preset loads it into the controls, as choosing it does, then its other options
  // over it: once the module, which holds the presets, is up.
  const presetLinked = form.elements.preset.value !== 'none';
  $('link-note').hidden = !unfit.length;
  $('link-note').textContent = `the link asks for what the page cannot take: ${unfit.join('; ')}`;
  if (!history.state) newestKept(0);  // a page opened afresh: no entry after it
  kept.set(steps.at, { files: {}, mask: null });  // the entry shown: no file chosen yet
  history.replaceState({ step: steps.at }, '');
  showSteps();
  window.texsort.ready.then(() => {
    if (presetLinked) applySettings(location.search);
    openSample(samples.includes(linked) ? linked : samples[0], true);
  }, (e) => say(e.message, true));
  window.texsortPage = { state, optionArgs, open, savedPng, recipeText, watch, watchOpen, go };  // for scripts and the browser tests
})();

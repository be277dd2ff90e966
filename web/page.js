// The pixel-sort page: every texsort pixelsort option as a live control over window.texsort.run.
// The picture is the PNG texsort itself writes (never the canvas's), so Save PNG gives the same
// size, channels and pixels as `texsort pixelsort` with the options shown beneath.
(function () {
  'use strict';
  const intervalsWith = (...kinds) => (o) => kinds.includes(o.intervals);
  const colourKeys = ['luma', 'lightness', 'hue', 'saturation', 'intensity', 'min', 'max', 'red', 'green', 'blue',
                      'chroma', 'rgb', 'alpha'];
  // A preset is a whole recipe: while one is picked, the other controls step aside.
  const specs = [
    { name: 'preset', kind: 'select', value: 'none', choices: ['none', 'asdf', 'melt', 'rings', 'rays', 'static', 'weave'] },
    { name: 'path', kind: 'select', value: 'lines', choices: ['lines', 'circles', 'spiral', 'radial', 'hilbert', 'flow'] },
    { name: 'angle', label: 'angle (°)', kind: 'range', min: -180, max: 180, step: 0.5, value: 0,
      when: (o) => o.path === 'lines' },
    { name: 'center', label: 'centre X,Y', kind: 'text', value: '', placeholder: 'the middle',
      when: (o) => ['circles', 'spiral', 'radial'].includes(o.path) },
    { name: 'field', label: 'direction field (its hues)', kind: 'file', value: '', when: (o) => o.path === 'flow' },
    { name: 'intervals', kind: 'select', value: 'threshold', choices: ['threshold', 'none', 'edges', 'random', 'waves', 'mask'] },
    { name: 'lower', kind: 'range', min: 0, max: 1, step: 0.01, value: 0.25, when: intervalsWith('threshold', 'edges') },
    { name: 'upper', kind: 'range', min: 0, max: 1, step: 0.01, value: 0.8, when: intervalsWith('threshold') },
    { name: 'select', label: 'bounds the key', kind: 'select', value: 'luma', choices: colourKeys,
      when: intervalsWith('threshold') },
    { name: 'invert', label: 'spans outside the bounds', kind: 'checkbox', value: '', when: intervalsWith('threshold') },
    { name: 'mask', label: 'mask (white is sorted)', kind: 'file', value: '' },
    { name: 'span-length', label: 'span length', kind: 'range', min: 1, max: 512, step: 1, value: 64,
      when: intervalsWith('random', 'waves') },
    { name: 'max-span', label: 'max span', kind: 'range', min: 0, max: 1024, step: 1, value: 0 },
    { name: 'skip', label: 'skip %', kind: 'range', min: 0, max: 100, step: 1, value: 0 },
    { name: 'seed', kind: 'number', min: 0, max: 4294967295, value: 0,
      when: (o) => ['random', 'waves'].includes(o.intervals) || Number(o.skip) > 0 },
    { name: 'key', kind: 'select', value: 'luma',
      choices: [...colourKeys, 'shuffle'] },
    { name: 'order', kind: 'select', value: 'asc', choices: ['asc', 'desc'] },
    { name: 'mix', label: 'mix with the original', kind: 'range', min: 0, max: 1, step: 0.01, value: 1 },
    { name: 'algo', label: 'line sort', kind: 'select', value: 'bitonic-wide',
      choices: ['bitonic-wide', 'bitonic-fast', 'bitonic', 'bitonic-legacy', 'oddeven-merge'] },
  ];
  const $ = (id) => document.getElementById(id);
  const form = $('options'), picture = $('picture'), status = $('status');
  const state = { input: null, inputName: 'image.png', output: null, running: false, pending: false, reading: 0, files: {} };
  const urls = { picture: null };

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
            const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^-/, '_');  // never read as an option
            const bytes = await file.arrayBuffer();
            await window.texsort.ready;
            window.texsort.writeFile(name, bytes);
            state.files[spec.name] = name;
          } else {
            delete state.files[spec.name];
          }
        } finally {
          state.reading--;
        }
        update();
      });
      continue;
    }
    control.addEventListener(spec.kind === 'text' ? 'change' : 'input', () => {  // a centre once typed out
      shown.value = spec.kind === 'range' ? control.value : '';
      update();
    });
  }

  function options() {
    const o = {};
    for (const spec of specs) {
      const control = form.elements[spec.name];
      o[spec.name] = spec.kind === 'checkbox' ? (control.checked ? 'on' : '')
                     : spec.kind === 'file' ? (state.files[spec.name] || '') : control.value;
    }
    return o;
  }
  // The command line for the controls: only what differs from the defaults and applies.
  function optionArgs() {
    const o = options(), args = [];
    for (const spec of specs) {
      const applies = spec.name === 'preset' || (o.preset === 'none' && (!spec.when || spec.when(o)));
      form.querySelector(`[data-option="${spec.name}"]`).hidden = !applies;
      if (!applies || String(o[spec.name]) === String(spec.value)) continue;
      args.push('--' + spec.name);
      if (spec.kind !== 'checkbox') args.push(String(o[spec.name]));
    }
    return args;
  }

  function show(bytes) {
    if (urls.picture) URL.revokeObjectURL(urls.picture);
    urls.picture = URL.createObjectURL(new Blob([bytes], { type: 'image/png' }));
    picture.src = urls.picture;
  }
  function say(text, isError) {
    status.textContent = text;
    status.classList.toggle('error', !!isError);
  }

  async function update() {
    const args = optionArgs();
    $('command').textContent = ['texsort', 'pixelsort', state.inputName, '-o', 'sorted.png', ...args].join(' ');
    if (!state.input) return;
    if (state.running) { state.pending = true; return; }
    state.running = true;
    status.dataset.state = 'running';
    const started = performance.now();
    const r = await window.texsort.run(['pixelsort', '-', '-o', '-', '-q', ...args], state.input);
    const ms = performance.now() - started;
    state.running = false;
    if (state.pending) { state.pending = false; return update(); }
    if (r.code === 0) {
      state.output = r.stdout;
      if (!$('before').checked) show(state.output);
      say(`re-sorted in ${ms.toFixed(0)} ms`);
    } else {
      say(r.stderr.trim().split('\n')[0], true);
    }
    $('save').disabled = !state.output;
    status.dataset.state = 'ready';
  }

  // A picture stb_image does not read (WebP, AVIF, ...) decoded by the browser, exactly: through
  // WebGL2 with premultiplication and colour conversion off, then handed to texsort as an
  // uncompressed 32-bit TGA (which stb reads, alpha included). Null where the browser cannot either.
  async function decodedByTheBrowser(bytes) {
    let bitmap;
    try {
      bitmap = await createImageBitmap(new Blob([bytes]), { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    } catch (e) {
      return null;
    }
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, bitmap);
    const framebuffer = gl.createFramebuffer();
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
    const { width, height } = bitmap;
    const rgba = new Uint8Array(width * height * 4);
    gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, rgba);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    // TGA: 18-byte header, type 2 (true colour), 32 bits, 8 alpha bits, rows from the top; BGRA.
    const tga = new Uint8Array(18 + rgba.length);
    tga.set([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, width & 255, width >> 8, height & 255, height >> 8, 32, 8 | 32]);
    for (let i = 0; i < width * height; i++) {
      tga[18 + 4 * i] = rgba[4 * i + 2];
      tga[18 + 4 * i + 1] = rgba[4 * i + 1];
      tga[18 + 4 * i + 2] = rgba[4 * i];
      tga[18 + 4 * i + 3] = rgba[4 * i + 3];
    }
    return tga;
  }

  // WebP (RIFF....WEBP) and AVIF/HEIF (....ftypavif, ftypheic, ...): formats browsers read and
  // stb_image does not; anything else goes to texsort as it is, which names what it cannot read.
  function browserOnlyFormat(b) {
    const text = (from, to) => String.fromCharCode(...b.subarray(from, to));
    return b.length > 12 && ((text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') ||
                             (text(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|mif1)$/.test(text(8, 12))));
  }

  async function open(bytes, name) {
    state.input = new Uint8Array(bytes);
    state.inputName = name;
    state.output = null;
    if (browserOnlyFormat(state.input)) {
      const tga = await decodedByTheBrowser(bytes);
      if (tga) state.input = tga;
    }
    return update();
  }
  async function openUrl(url) {
    const response = await fetch(url);
    return open(await response.arrayBuffer(), url);
  }

  $('file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) await open(await file.arrayBuffer(), file.name);
  });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) await open(await file.arrayBuffer(), file.name);
  });
  $('sample-astronaut').addEventListener('click', () => openUrl('astronaut.png'));
  $('sample-coffee').addEventListener('click', () => openUrl('coffee.png'));
  $('before').addEventListener('change', () => {
    if ($('before').checked && state.input) show(state.input);
    else if (state.output) show(state.output);
  });
  $('save').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([state.output], { type: 'image/png' }));
    a.download = state.inputName.replace(/^.*\//, '').replace(/\.[^.]*$/, '') + '-pixelsorted.png';
    a.click();
  });

  // --- Watch the sort: the image sorted by luma pass by pass, as the desktop viewer shows it. ---
  const watch = { passes: 0, pass: 0, playing: false, opened: null, owed: 0, last: 0 };
  const canvas = $('watch-canvas');
  function watchShow() {
    const t = window.texsort.watch;
    watch.pass = t.seek(watch.pass);
    const picture = t.picture({ roles: $('watch-roles').checked, changed: $('watch-changed').checked });
    canvas.width = picture.width;
    canvas.height = picture.height;
    canvas.getContext('2d').putImageData(picture, 0, 0);
    const [title, parameters, explanation] = t.text().split('\n');
    $('watch-title').textContent = title;
    $('watch-parameters').textContent = parameters || '';
    $('watch-explanation').textContent = explanation || '';
    $('watch-pass').max = watch.passes;
    $('watch-pass').value = watch.pass;
    $('watch-count').value = `pass ${watch.pass} of ${watch.passes}`;
    const ms = t.gpuMs();
    $('watch-status').textContent = watch.pass > 0 ? `this pass: ${ms.toFixed(2)} ms (wall time; WebGL has no GPU timer)` : '';
    $('watch-play').textContent = watch.playing ? 'Pause' : 'Play';
  }
  function watchOpen() {
    if (!state.input) return;
    const opened = window.texsort.watch.open(state.input, $('watch-algo').value, $('watch-order').value);
    watch.playing = false;
    if (opened.error) {
      $('watch-status').textContent = opened.error;
      watch.passes = 0;
      return;
    }
    watch.passes = opened.passes;
    watch.pass = 0;
    watch.opened = state.input;
    watchShow();
  }
  const go = (pass) => { watch.pass = Math.max(0, Math.min(watch.passes, pass)); watchShow(); };
  $('watch-reset').addEventListener('click', () => { watch.playing = false; go(0); });
  $('watch-back').addEventListener('click', () => go(watch.pass - 1));
  $('watch-step').addEventListener('click', () => go(watch.pass + 1));
  $('watch-end').addEventListener('click', () => { watch.playing = false; go(watch.passes); });
  $('watch-play').addEventListener('click', () => {
    watch.playing = !watch.playing;
    if (watch.playing && watch.pass === watch.passes) watch.pass = 0;
    watch.owed = 0;
    watch.last = performance.now();
    watchShow();
    requestAnimationFrame(play);
  });
  $('watch-pass').addEventListener('input', () => go(Number($('watch-pass').value)));
  for (const id of ['watch-algo', 'watch-order']) $(id).addEventListener('change', watchOpen);
  for (const id of ['watch-roles', 'watch-changed']) $(id).addEventListener('change', () => watch.passes && watchShow());
  function play(now) {
    if (!watch.playing) return;
    watch.owed += (now - watch.last) / 1000 * Number($('watch-speed').value || 1);
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
    if ($('watch-mode').hidden || e.target.matches('input[type=number], select')) return;
    const keys = { ' ': () => $('watch-play').click(), ArrowRight: () => go(watch.pass + 1), ArrowLeft: () => go(watch.pass - 1),
                   Home: () => { watch.playing = false; go(0); }, End: () => { watch.playing = false; go(watch.passes); } };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  for (const radio of document.querySelectorAll('input[name=mode]')) {
    radio.addEventListener('change', () => {
      const watching = radio.value === 'watch' && radio.checked;
      $('watch-mode').hidden = !watching;
      $('pixelsort-mode').hidden = watching;
      if (watching && watch.opened !== state.input) watchOpen();
    });
  }

  window.texsort.ready.then(() => openUrl('astronaut.png'), (e) => say(e.message, true));
  window.texsortPage = { state, optionArgs, open, watch, watchOpen, go };  // for scripts and the browser tests
})();

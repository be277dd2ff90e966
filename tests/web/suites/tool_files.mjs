// --- tests/web/suites/tool_files: the tool suite's files: a pasted image, the split, presets and Save recipe, the mask brush, file controls and Undo across pictures. ---
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { catchNextDownload } from '../support/page.mjs';
import { madeIn, pixels } from '../support/pictures.mjs';

export async function toolFiles(page, { st, settledAfter, shown, idle, change, stepTo }) {
  let s, shownName;
  // An image pasted opens under its name, as a dropped one.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-tool-'));
  try {
    const pasted = madeIn(dir, 'pasted.png', 'testsrc2=s=46x18', 'rgb24');
    await idle();
    let n = (await st()).settled;
    await page.evaluate((b64) => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'clip board.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    }, pasted.toString('base64'));
    await settledAfter(n);
    const after = await page.evaluate(() => [window.texsortPage.status().input, window.texsort.live.read().width,
                                             location.search]);
    check(after[0] === 'clip board.png' && after[1] === 46 && after[2] === '?key=saturation&order=desc',
          'a pasted image opens under its name (and the link no longer names a sample)', JSON.stringify(after));
    // A file the link cannot carry comes back from the page's memory: Undo, then Redo.
    await stepTo(() => page.click('#undo'));
    shownName = (await st()).input;
    s = await stepTo(() => page.click('#redo'));
    const again = await page.evaluate(() => [window.texsortPage.status().input, window.texsort.live.read().width]);
    check(shownName === 'astronaut.png' && again[0] === 'clip board.png' && again[1] === 46,
          'Undo and Redo bring back a pasted picture from memory', shownName + ' ' + JSON.stringify(again));
    // The split: the picture as opened over the sorted one, left of the slider's place.
    const split = await page.evaluate(() => {
      const slider = document.getElementById('split'), over = document.getElementById('original');
      slider.value = '40';
      slider.dispatchEvent(new Event('input'));
      const { width, height } = over;
      return { hidden: over.hidden, clip: over.style.clipPath, width, height,
               rgba: Array.from(over.getContext('2d').getImageData(0, 0, width, height).data),
               sorted: Array.from(window.texsort.live.read().rgba) };
    });
    const opened = pixels(pasted);
    check(!split.hidden && split.clip === 'inset(0px 60% 0px 0px)' && split.width === 46 &&
          Buffer.from(split.rgba).equals(opened) && !Buffer.from(split.sorted).equals(opened),
          'the split shows the picture as opened left of its place, the sorted one right',
          JSON.stringify({ ...split, rgba: split.rgba.length, sorted: split.sorted.length }));
    // A shipped preset loads into the controls (its earlier sorts first): the picture is the CLI's
    // with --preset NAME. Save recipe: the file it writes, given to the native program as --preset,
    // makes the CLI's picture of the page's options: one line of controls, or a preset's sorts.
    for (const preset of ['none', 'asdf', 'melt', 'rings', 'rays', 'static', 'weave']) {
      await idle();
      n = (await st()).settled;
      await page.select('#option-preset', preset);
      await settledAfter(n);  // choosing (even the same) sorts again: Save waits for it
      const saved = await page.evaluate(async () => {
        const click = HTMLAnchorElement.prototype.click;
        let href = null;
        HTMLAnchorElement.prototype.click = function () { href = this.href; };
        try { document.getElementById('save-recipe').click(); } finally { HTMLAnchorElement.prototype.click = click; }
        return { text: href && await (await fetch(href)).text(), args: window.texsortPage.status().args,
                 rgba: Array.from(window.texsort.live.read().rgba) };
      });
      fs.writeFileSync(path.join(dir, 'recipe.txt'), saved.text || '');
      const viaRecipe = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', '--preset', 'recipe.txt'], null, dir);
      const direct = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...saved.args], null, dir);
      check(viaRecipe.code === 0 && viaRecipe.stdout.equals(direct.stdout) && saved.args.length > 0,
            `Save recipe (${preset}) writes what --preset FILE reads as the page's options`, viaRecipe.stderr + (saved.text || 'no file'));
      if (preset === 'none') continue;
      const named = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', '--preset', preset], null, dir);
      check(!saved.args.includes('--preset') && named.code === 0 && named.stdout.equals(direct.stdout) &&
            pixels(named.stdout).equals(Buffer.from(saved.rgba)),
            `preset ${preset} loads into the controls and the picture is the CLI's --preset ${preset}`, saved.args.join(' '));
    }
    // A loaded preset stays editable: a control changed is its last sort's, after its earlier ones.
    await change('#option-key', 'red');
    const edited = await page.evaluate(() => ({ args: window.texsortPage.status().args,
                                                rgba: Array.from(window.texsort.live.read().rgba) }));
    const editedCli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...edited.args], null, dir);
    check(edited.args.indexOf('--then') > 0 && edited.args.at(-1) === 'red' && editedCli.code === 0 &&
          pixels(editedCli.stdout).equals(Buffer.from(edited.rgba)),
          'a loaded preset stays editable: its last sort changes, its first stays', edited.args.join(' '));
    // A file name a recipe cannot hold as one word (a blank splits it, '#' ends the line) is refused
    // by name, and no file is written.
    madeIn(dir, 'm#1.png', 'color=c=white:s=46x18', 'gray');
    await idle();
    n = (await st()).settled;
    await page.select('#option-preset', 'none');  // the preset's earlier sorts dropped
    await settledAfter(n);
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'm#1.png'));
    const withMask = (has) => page.waitForFunction((h) => window.texsortPage.status().args.includes('m#1.png') === h &&
                                                   !window.texsortPage.status().sorting, { timeout: 120000 }, has);
    await withMask(true);
    const refused = await page.evaluate(() => {
      try { return window.texsortPage.recipeText(); } catch (e) { return 'refused: ' + e.message; }
    });
    check(refused.startsWith('refused: ') && refused.includes("'m#1.png'"), "Save recipe refuses a name holding '#'", refused);
    await page.$eval('#option-mask', (c) => { c.value = ''; c.dispatchEvent(new Event('change', { bubbles: true })); });
    await withMask(false);
    // The mask brush paints as the desktop's does: every pixel whose centre lies within the radius
    // of the stroke's segment turns white (a model written here), and says how many changed.
    const capsule = (x0, y0, x1, y1, r) => {
      const mask = Buffer.alloc(46 * 18 * 4);
      for (let y = 0; y < 18; y++) {
        for (let x = 0; x < 46; x++) {
          const [px, py, dx, dy] = [x + 0.5 - x0, y + 0.5 - y0, x1 - x0, y1 - y0];
          const t = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
          const level = (px - t * dx) ** 2 + (py - t * dy) ** 2 <= r * r ? 255 : 0;
          mask.set([level, level, level, 255], 4 * (46 * y + x));
        }
      }
      return mask;
    };
    const fileOfPage = async (name) => Buffer.from(await page.evaluate((n) => {
      let text = '';
      for (const byte of window.texsort.readFile(n)) text += String.fromCharCode(byte);
      return btoa(text);
    }, name), 'base64');
    const stroke = await page.evaluate(() => window.texsort.live.brush('/stroke.png', 3.2, 4.7, 30.6, 12.1, 3.5, 255));
    const model = capsule(3.2, 4.7, 30.6, 12.1, 3.5), painted = pixels(await fileOfPage('/stroke.png'));
    const whites = [...Array(46 * 18).keys()].filter((i) => model[4 * i] === 255).length;
    check(painted.equals(model) && stroke === whites, 'a brush stroke paints the pixels within its radius',
          `${JSON.stringify(stroke)}, model ${whites}`);
    // B turns the brush on; a drag on the picture paints the mask the command line names, and the
    // picture is the CLI's with that file.
    // A key typed in a field is the field's (ui/keys.js's one rule): B there is a letter, not the brush.
    await page.focus('#preset-name');
    await page.keyboard.press('KeyB');
    const typed = await page.evaluate(() => [document.getElementById('brush').checked, document.getElementById('preset-name').value]);
    await page.$eval('#preset-name', (c) => { c.value = ''; });
    check(!typed[0] && typed[1] === 'b', 'B typed in a field is the field\'s letter, not the brush', JSON.stringify(typed));
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('KeyB');
    check(await page.$eval('#brush', (c) => c.checked), 'B turns the brush on', '');
    await idle();
    await page.click('#brush-clear');
    await page.$eval('#brush-size', (c) => { c.value = '3'; c.dispatchEvent(new Event('input')); });
    const box = await page.$eval('#texsort-gl', (c) => {
      c.scrollIntoView();
      const b = c.getBoundingClientRect();
      return { left: b.left, top: b.top, scale: b.width / c.width };
    });
    const at = (x, y) => [box.left + x * box.scale, box.top + y * box.scale];
    await page.mouse.move(...at(4.5, 9));
    await page.mouse.down();
    await page.mouse.move(...at(40.5, 9), { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => window.texsortPage.status().args.includes('clip board-mask.png') &&
                               !window.texsortPage.status().sorting && !window.texsortPage.status().queued, { timeout: 120000 });
    const mask = await fileOfPage('/clip board-mask.png'), maskRgba = pixels(mask);
    const level = (x, y) => maskRgba[4 * (46 * y + x)];
    check(level(20, 9) === 255 && level(4, 9) === 255 && level(20, 1) === 0 && level(44, 9) === 0,
          'a drag paints along its path only', [level(20, 9), level(4, 9), level(20, 1), level(44, 9)].join(' '));
    // While brushing, the mask in use lies over the picture: what the sort leaves alone red, what
    // it may sort clear, pixel for pixel the mask painted; brush off, no overlay.
    const overlaid = await page.$eval('#mask-overlay', (c) => ({ hidden: c.hidden, size: `${c.width}x${c.height}`,
                                                                  rgba: Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data) }));
    const tintOk = overlaid.rgba.length === maskRgba.length &&
      overlaid.rgba.every((v, i) => v === (maskRgba[i - (i % 4)] >= 128 ? 0 : [255, 40, 40, 255][i % 4]));
    const offHidden = await page.evaluate(() => {  // clicked in the page: no scroll moves the picture under the drags below
      document.getElementById('brush').click();
      const hidden = document.getElementById('mask-overlay').hidden;
      document.getElementById('brush').click();
      return hidden;
    });
    check(!overlaid.hidden && overlaid.size === '46x18' && tintOk && offHidden,
          'brushing shows the mask over the picture (unsorted red), brush off hides it', JSON.stringify({ ...overlaid, rgba: tintOk, offHidden }));
    fs.writeFileSync(path.join(dir, 'clip board-mask.png'), mask);
    const brushed = await page.evaluate(() => ({ args: window.texsortPage.status().args,
                                                 rgba: Array.from(window.texsort.live.read().rgba) }));
    const viaCli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...brushed.args], null, dir);
    check(viaCli.code === 0 && pixels(viaCli.stdout).equals(Buffer.from(brushed.rgba)),
          'the picture with a painted mask is the CLI\'s with the mask file', viaCli.stderr + brushed.args.join(' '));
    // The picture the CLI makes with the mask file the page names now, and the page's picture.
    const asTheCli = async () => {
      const shownNow = await page.evaluate(() => ({ args: window.texsortPage.status().args,
                                                    rgba: Array.from(window.texsort.live.read().rgba) }));
      const cli = runNative(['pixelsort', 'pasted.png', '-o', '-', '-q', ...shownNow.args], null, dir);
      return cli.code === 0 && pixels(cli.stdout).equals(Buffer.from(shownNow.rgba));
    };
    const drag = async (from, to) => {
      await idle();
      const n0 = (await st()).settled;
      await page.mouse.move(...at(...from));
      await page.mouse.down();
      await page.mouse.move(...at(...to), { steps: 3 });
      await page.mouse.up();
      await settledAfter(n0);
      await idle();
    };
    // A stroke is an entry: Undo takes back the last one (the mask after the first comes back),
    // Redo brings it again.
    await drag([10.5, 1], [10.5, 16]);
    const secondMask = await fileOfPage('/clip board-mask.png');
    s = await stepTo(() => page.click('#undo'));
    const undoneMask = await fileOfPage('/clip board-mask.png');
    check(!pixels(secondMask).equals(maskRgba) && pixels(undoneMask).equals(maskRgba) &&
          s.args.includes('--mask clip board-mask.png') && await asTheCli(),
          'Undo takes back the last stroke of the brush', s.args);
    s = await stepTo(() => page.click('#redo'));
    check(pixels(await fileOfPage('/clip board-mask.png')).equals(pixels(secondMask)), 'Redo paints the stroke again', s.args);
    // A mask file chosen is where the brush starts, as on the desktop; painting never replaces the
    // chosen file, even one named as the painted mask would be.
    fs.rmSync(path.join(dir, 'clip board-mask.png'));  // the painted mask the CLI read before: now a file of the user's
    const chosen = madeIn(dir, 'clip board-mask.png', 'color=c=black:s=46x18,drawbox=x=0:y=0:w=23:h=18:color=white:t=fill', 'gray');
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'clip board-mask.png'));
    await settledAfter(n);
    await drag([34.5, 9], [42.5, 9]);
    const onChosen = await page.evaluate(() => window.texsortPage.status().args.join(' '));
    const paintedOnChosen = pixels(await fileOfPage('/clip board-mask-2.png')), chosenRgba = pixels(chosen);
    const left = (x, y) => paintedOnChosen[4 * (46 * y + x)];
    fs.writeFileSync(path.join(dir, 'clip board-mask-2.png'), await fileOfPage('/clip board-mask-2.png'));
    check(onChosen.includes('--mask clip board-mask-2.png') && left(5, 3) === 255 && left(38, 9) === 255 &&
          left(38, 2) === 0 && pixels(await fileOfPage('/clip board-mask.png')).equals(chosenRgba) && await asTheCli(),
          'the brush paints on the mask chosen, into a file of its own', onChosen + ` ${left(5, 3)} ${left(38, 9)} ${left(38, 2)}`);
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--mask clip board-mask.png') && !s.args.includes('-2.png'), 'Undo brings back the mask chosen before the stroke', s.args);
    // Another mask chosen, then Undo back to the first: painting still never takes a chosen file's name.
    madeIn(dir, 'other.png', 'color=c=white:s=46x18', 'gray');
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'other.png'));
    await settledAfter(n);
    await stepTo(() => page.click('#undo'));
    await drag([34.5, 9], [42.5, 9]);
    const paintedAgain = await page.evaluate(() => window.texsortPage.status().args.join(' '));
    check(paintedAgain.includes('--mask clip board-mask-2.png') && pixels(await fileOfPage('/clip board-mask.png')).equals(chosenRgba),
          'after Undo the brush still paints into a file of its own', paintedAgain);
    // Save mask gives the painted file under the name the command line gives it.
    await catchNextDownload(page);
    await page.click('#brush-save');
    const saved = await page.evaluate(() => window.downloaded.join(' '));
    check(saved === 'clip board-mask-2.png', 'Save mask names the file as the command line does', saved);
    // A field chosen is a step too: Undo after Reset brings it back with the mask.
    madeIn(dir, 'f.png', 'testsrc2=s=46x18', 'rgb24');
    await stepTo(() => page.select('#option-path', 'flow'));
    await idle();
    n = (await st()).settled;
    await (await page.$('#option-field')).uploadFile(path.join(dir, 'f.png'));
    await settledAfter(n);
    await stepTo(() => page.click('#reset'));
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--path flow --field f.png') && s.args.includes('--mask clip board-mask-2.png') && await asTheCli(),
          'Undo after Reset brings back the field and the mask', s.args);
    const inUse = await page.evaluate(() => ['mask', 'field'].map((name) => {
      const control = document.getElementById('option-' + name);
      const shown = control.parentElement.querySelector('output').value;  // and the input shows no other file
      return control.files.length && !shown.endsWith(control.files[0].name) ? `${shown} but ${control.files[0].name}` : shown;
    }).join(', '));
    check(inUse === 'in use: clip board-mask-2.png, in use: f.png', 'beside each file option, the file in use (the painted mask too)', inUse);
    // A file named as a folder of the page's file system: said, and the mask in use kept.
    fs.writeFileSync(path.join(dir, 'tmp'), chosen);
    await (await page.$('#option-mask')).uploadFile(path.join(dir, 'tmp'));
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('tmp: '), { timeout: 60000 });
    check((await page.evaluate(() => window.texsortPage.status().args.join(' '))).includes('--mask clip board-mask-2.png'),
          'a file named as a folder of the page is refused in words', await page.$eval('#status', (p) => p.textContent));
    await page.keyboard.press('KeyB');
    // Another picture opened: the mask painted on the last one goes with it.
    await stepTo(() => page.click('#sample-coffee'));
    const dropped = await page.evaluate(() => [window.texsortPage.status().input, window.texsortPage.status().args.join(' ')]);
    check(dropped[0] === 'coffee.png' && !dropped[1].includes('--mask'), 'another picture opened drops the mask painted on the last',
          dropped.join(': '));
    // Undo across the change of picture brings back the picture and the mask painted on it.
    s = await stepTo(() => page.click('#undo'));
    check(s.args.includes('--mask clip board-mask-2.png') && (await st()).input === 'clip board.png' && await asTheCli(),
          'Undo brings back the picture and its painted mask', s.args);
    await stepTo(() => page.click('#redo'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// --- tests/web/suites/tool: a link's settings, Back and Forward, Undo, Redo and Reset, Copy, My presets, presets in links. ---
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { paths } from '../support/paths.mjs';
import { pixels } from '../support/pictures.mjs';
import { toolFiles } from './tool_files.mjs';

export async function suiteTool(page, problems) {
  const st = () => page.evaluate(() => window.texsortPage.status());
  // The page settled after `before` settles (the hook's whenSettled: nothing sorting or queued).
  const settledAfter = (before) => page.evaluate((n) => window.texsortPage.whenSettled(n), before);
  const shown = () => page.evaluate(() => ({
    args: window.texsortPage.status().args.join(' '), search: location.search, key: document.getElementById('option-key').value,
    undo: document.getElementById('undo').disabled, redo: document.getElementById('redo').disabled }));
  // The link the page was opened with (the runner opens this suite with it): its sample and its options, a value no list has
  // left at its default.
  await page.waitForFunction(() => window.texsortPage.status().sorted, { timeout: 120000 });
  let s = await shown();
  check((await st()).input === 'coffee.png' && s.args === '--lower 0.3 --key hue' && s.undo && s.redo,
        'a link opens its sample with its options', JSON.stringify(s));
  const linkNote = await page.$eval('#link-note', (p) => (p.hidden ? '' : p.textContent));
  check(['order=sideways (the page uses asc)', 'seed=abc (the page uses 0)', 'mask=m.png (a file cannot travel in a link)',
         'zoom=2 (no such option)', 'key=red (given again: the page uses the first)'].every((x) => linkNote.includes(x)),
        'a value the link asks for and the page lacks is said', linkNote);
  // Each change made is an entry: the link follows it, Back and Forward (and Undo, Redo, their keys)
  // bring the controls and the picture back.
  // Each action waits for the page to be idle first, so the sort it waits for is its own.
  const idle = () => page.waitForFunction(() => !window.texsortPage.status().sorting && !window.texsortPage.status().queued,
                                          { timeout: 120000 });
  const change = async (id, value) => {
    await idle();
    const n = (await st()).settled;
    await page.$eval(id, (c, v) => {
      c.value = v;
      c.dispatchEvent(new Event('input', { bubbles: true }));
      c.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
    await settledAfter(n);
  };
  await change('#option-key', 'red');
  await change('#option-angle', '30');
  s = await shown();
  check(s.search === '?image=coffee&angle=30&lower=0.3&key=red' && !s.undo && s.redo, 'the link follows each change',
        JSON.stringify(s));
  const stepTo = async (how) => {
    await idle();
    const n = (await st()).settled;
    await how();
    await settledAfter(n);
    return shown();
  };
  s = await stepTo(() => page.goBack());
  check(s.args === '--lower 0.3 --key red', 'Back undoes the last change', JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  check(s.args === '--lower 0.3 --key hue' && s.undo && !s.redo, 'Undo goes back to the link as opened', JSON.stringify(s));
  s = await stepTo(() => page.goForward());
  check(s.args === '--lower 0.3 --key red', 'Forward redoes it', JSON.stringify(s));
  await page.evaluate(() => document.activeElement?.blur());
  s = await stepTo(async () => { await page.keyboard.down('Control'); await page.keyboard.down('Shift');
                                 await page.keyboard.press('KeyZ'); await page.keyboard.up('Shift');
                                 await page.keyboard.up('Control'); });
  check(s.args === '--angle 30 --lower 0.3 --key red' && s.redo, 'Ctrl+Shift+Z redoes the newest change', JSON.stringify(s));
  s = await stepTo(async () => { await page.keyboard.down('Control'); await page.keyboard.press('KeyZ');
                                 await page.keyboard.up('Control'); });
  check(s.args === '--lower 0.3 --key red', 'Ctrl+Z undoes it', JSON.stringify(s));
  // Undo clicked quickly where two Undos are possible walks both entries (the second click is owed
  // to the walk while the browser moves), and a third never walks past the first (off the page).
  s = await stepTo(() => page.click('#redo'));
  check(s.args === '--angle 30 --lower 0.3 --key red', 'Redo brings the newest entry back', JSON.stringify(s));
  s = await stepTo(() => page.evaluate(() => { for (let i = 0; i < 3; i++) document.getElementById('undo').click(); }));
  check(s.args === '--lower 0.3 --key hue' && s.undo && !s.redo, 'three quick Undos walk two entries and stop at the link as opened',
        JSON.stringify(s));
  // A change after an undo drops the newer entries; Reset is a change like any other.
  s = await stepTo(() => page.click('#reset'));
  check(s.args === '' && s.search === '?image=coffee' && s.key === 'luma' && !s.undo && s.redo,
        'Reset puts every option back, as a new entry', JSON.stringify(s));
  // Save recipe of the defaults writes a line --preset reads as the default sort.
  {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-recipe-'));
    fs.writeFileSync(path.join(dir, 'defaults.txt'), await page.evaluate(() => window.texsortPage.recipeText()));
    const coffee = path.join(paths.assets, 'coffee.png');
    const viaRecipe = runNative(['pixelsort', coffee, '-o', '-', '-q', '--preset', path.join(dir, 'defaults.txt')]);
    const plain = runNative(['pixelsort', coffee, '-o', '-', '-q']);
    check(viaRecipe.code === 0 && viaRecipe.stdout.equals(plain.stdout), 'the recipe of the defaults is the default sort',
          viaRecipe.stderr);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // Arrow keys pressed on a slider are one entry, however many: one Undo goes back past them all.
  await idle();
  await page.focus('#option-lower');
  s = await stepTo(async () => { for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight'); });
  await idle();
  s = await shown();
  check(s.args === '--lower 0.28' && s.search === '?image=coffee&lower=0.28', 'three arrow steps on a slider sort as one change',
        JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  check(s.args === '' && s.search === '?image=coffee', 'one Undo takes back three arrow steps on a slider', JSON.stringify(s));
  // A number emptied is its default again, not an error.
  await change('#option-intervals', 'random');
  await change('#option-seed', '');
  s = await shown();
  const seedError = await page.$eval('#status', (e) => (e.classList.contains('error') ? e.textContent : ''));
  check(s.args === '--intervals random' && !seedError, 'an emptied seed is its default', JSON.stringify({ ...s, seedError }));
  await stepTo(() => page.click('#reset'));
  // Opening a picture is an entry too: Undo brings back the picture and the settings before it.
  await change('#option-key', 'saturation');
  s = await stepTo(() => page.click('#sample-astronaut'));
  check(s.search === '?image=astronaut&key=saturation' && !s.undo && s.redo, 'a sample opened is an entry named in the link',
        JSON.stringify(s));
  s = await stepTo(() => page.click('#undo'));
  let shownName = (await st()).input;
  check(s.args === '--key saturation' && shownName === 'coffee.png', 'Undo brings back the picture of its entry',
        shownName + ' ' + JSON.stringify(s));
  s = await stepTo(() => page.click('#redo'));
  shownName = (await st()).input;
  check(s.args === '--key saturation' && shownName === 'astronaut.png', 'Redo brings back the picture of its entry', shownName);
  // Copy puts the command line shown on the clipboard.
  const origin = `http://127.0.0.1:${new URL(page.url()).port}`;
  await page.browserContext().overridePermissions(origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  await change('#option-order', 'desc');
  await page.click('#copy');
  const copied = await page.evaluate(async () => [await navigator.clipboard.readText(), document.getElementById('command').textContent]);
  check(copied[0] === copied[1] && /--order desc$/.test(copied[0]), 'Copy puts the command line on the clipboard', copied.join(' | '));
  await toolFiles(page, { st, settledAfter, shown, idle, change, stepTo });
  // The user's own presets: kept under a name, loaded into the controls when chosen, still there
  // after a reload.
  let n = (await st()).settled;
  await page.click('#reset');
  await settledAfter(n);
  await change('#option-key', 'green');
  await page.type('#preset-name', 'my green');
  await page.click('#keep');
  await change('#option-key', 'hue');
  await idle();
  n = (await st()).settled;
  await page.select('#my-presets', 'my green');
  await settledAfter(n);
  s = await shown();
  check(s.args === '--key green' && s.key === 'green', 'a kept preset loads its options into the controls',
        JSON.stringify(s));
  await stepTo(() => page.click('#undo'));
  await page.reload({ waitUntil: 'load' });
  await page.waitForFunction(() => window.texsortPage?.status().sorted, { timeout: 120000 });
  const kept = await page.$$eval('#my-presets option', (o) => o.map((x) => x.value));
  check(kept.includes('my green'), 'a kept preset is there after a reload', kept.join(', '));
  // The entries after the one reloaded are still there for Redo.
  s = await shown();
  check(s.args === '--key hue' && !s.redo, 'Redo reaches the entries after the one reloaded', JSON.stringify(s));
  s = await stepTo(() => page.click('#redo'));
  check(s.args === '--key green', 'Redo after a reload brings the next entry', JSON.stringify(s));
  // A link naming only a preset loads it into the controls, as choosing it does: the CLI's picture
  // with --preset NAME.
  const linkedPreset = await page.browser().newPage();
  await linkedPreset.goto(page.url().replace(/\?.*$/, '') + '?preset=rays', { waitUntil: 'load' });
  await linkedPreset.waitForFunction(() => window.texsortPage?.status().sorted, { timeout: 120000 });
  const viaLink = await linkedPreset.evaluate(() => ({ args: window.texsortPage.status().args.join(' '),
                                                      rgba: Array.from(window.texsort.live.read().rgba) }));
  const rays = runNative(['pixelsort', path.join(paths.assets, 'astronaut.png'), '-o', '-', '-q', '--preset', 'rays']);
  check(viaLink.args.includes('--path radial') && pixels(rays.stdout).equals(Buffer.from(viaLink.rgba)),
        'a link naming a preset loads it', viaLink.args);
  await linkedPreset.close();
  // A link naming a preset and another option keeps both (the preset's earlier sorts, then the
  // option); a value below its option's range is said in the link note, the default kept.
  const linked = async (query) => {
    const other = await page.browser().newPage();
    await other.goto(page.url().replace(/\?.*$/, '') + query, { waitUntil: 'load' });
    await other.waitForFunction(() => { const st = window.texsortPage?.status(); return st?.settled > 0 && !st.sorting && !st.queued; },
                                { timeout: 120000 });  // sorted, or an error said
    const seen = await other.evaluate(() => ({
      args: window.texsortPage.status().args.join(' '), preset: document.getElementById('option-preset').value,
      earlier: window.texsort.presetRecipe('asdf').split('\n').filter(Boolean).length - 1,
      note: document.getElementById('link-note').hidden ? '' : document.getElementById('link-note').textContent,
      status: document.getElementById('status').textContent, search: location.search }));
    await other.close();
    return seen;
  };
  const both = await linked('?preset=asdf&key=hue');
  check(both.preset === 'asdf' && both.earlier > 0 && both.args.split('--then').length === both.earlier + 1 &&
        both.args.endsWith('--then --lower 0.3 --upper 1 --key hue'), 'a link naming a preset and an option keeps both',
        JSON.stringify(both));
  // The option moves the preset's last sort: melt with its bound moved, weave's both sorts.
  const melted = await linked('?preset=melt&lower=0.4');
  check(melted.preset === 'melt' && melted.args === '--angle -90 --intervals edges --lower 0.4 --order desc',
        'a link naming a one-sort preset and an option is the preset with that option', JSON.stringify(melted));
  check(melted.search === '?image=astronaut&preset=melt&lower=0.4',
        'the URL under a preset names the preset and what differs from it', JSON.stringify(melted));
  const woven = await linked('?preset=weave&key=luma');
  check(woven.args === '--direction vertical --key saturation --lower 0.35 --upper 0.65 --invert --then ' +
        '--intervals random --span-length 40 --seed 3', 'a link naming a preset and its default key keeps both sorts',
        JSON.stringify(woven));
  const shuffled = await linked('?path=spiral&key=shuffle&seed=9');
  check(shuffled.args === '--path spiral --seed 9 --key shuffle', 'a link\'s seed for --key shuffle is kept and shown',
        JSON.stringify(shuffled));
  const below = await linked('?intervals=random&seed=-5');
  check(below.args === '--intervals random' && below.note.includes('seed=-5 (the page uses 0)') && !/error/i.test(below.status),
        'a link value below its range is said, the default kept', JSON.stringify(below));
  const turned = await linked('?angle=270');
  check(turned.args === '--angle -90' && turned.note.includes('angle=270 (the page uses -90)'),
        'a link\'s angle past a half turn is the same lines within one turn, and said', JSON.stringify(turned));
  check(problems.length === 0, 'no console error', problems.join('; '));
}

// --- tests/web/support/page: the page as a script uses it: texsort.run, downloads caught, Save clip pressed and waited for. ---


// texsort.run in the page: bytes cross as base64.
export async function runWeb(page, args, input) {
  const r = await page.evaluate(async (argv, b64) => {
    const bytes = b64 === null ? null : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const result = await window.texsort.run(argv, bytes);
    let text = '';
    for (let i = 0; i < result.stdout.length; i += 0x8000) text += String.fromCharCode(...result.stdout.subarray(i, i + 0x8000));
    return { code: result.code, stdout: btoa(text), stderr: result.stderr };
  }, args, input ? input.toString('base64') : null);
  return { code: r.code, stdout: Buffer.from(r.stdout, 'base64'), stderr: r.stderr };
}
// The page's next download is caught, not made: its file name goes to window.downloaded.
export function catchNextDownload(page) {
  return page.evaluate(() => {
    const click = HTMLAnchorElement.prototype.click;
    window.downloaded = [];
    HTMLAnchorElement.prototype.click = function () {
      window.downloaded.push(this.download);
      HTMLAnchorElement.prototype.click = click;
    };
  });
}
// Save clip clicked and waited for: resolves once the save has ended (savedClip() set, or the
// status says why not).
export async function saveClipNow(page, timeout = 300000) {
  await page.evaluate(() => { window.texsortPage.forgetSavedClip(); });
  // On screen and enabled first: a clip just opened may still be laying out its bar (seen as "not clickable").
  await page.waitForSelector('#clip-save:not([disabled])', { visible: true, timeout: 120000 });
  await page.click('#clip-save');
  await page.waitForFunction(() => !window.texsortPage.status().savingClip, { timeout });
}

// --- tests/web/support/browser: the static server and headless Chromium (SwiftShader WebGL2) with the page opened, a fake camera. ---
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

// The site folder on 127.0.0.1 at a free port, as any static server gives it.
export function serve(root) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
                  '.png': 'image/png' };
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://localhost').pathname));
    fs.readFile(file.endsWith('/') ? file + 'index.html' : file, (err, data) => {
      if (err) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export const browsers = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

// Chromium (SwiftShader's WebGL2, `extraArgs` added) with the page opened at `query`, and the
// console errors and page errors it reports as they come: {browser, page, problems}.
export async function openPage(server, extraArgs = [], waitForReady = true, query = '') {
  const executablePath = browsers.find((b) => fs.existsSync(b));
  if (!executablePath) throw new Error('no Chromium: install chromium-headless-shell (make deps)');
  const browser = await puppeteer.launch({
    executablePath, headless: 'shell', protocolTimeout: 1800000,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', ...extraArgs],
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 720 });
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => problems.push('page error: ' + e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html${query}`, { waitUntil: 'load' });
  if (waitForReady) await page.evaluate(() => window.texsort.ready);
  return { browser, page, problems };
}

// Chromium's flags for a fake camera playing a Y4M of ffmpeg's testsrc2 (160x120 at 10 frames a
// second for 3 s unless asked otherwise; removed at exit).
export function fakeCamera({ width = 160, height = 120, rate = 10, seconds = 3 } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'texsort-web-fake-camera-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const y4m = path.join(dir, 'camera.y4m');
  const made = spawnSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=${rate}:d=${seconds}`,
                                    '-pix_fmt', 'yuv420p', y4m]);
  if (made.status !== 0) throw new Error('ffmpeg: ' + made.stderr.toString());
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${y4m}`];
}

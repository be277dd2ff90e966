// --- tests/web/suites/digests: the state after every pass of every fragment algorithm equals the CPU model's, digest for digest with the native check. ---
import { check } from '../support/check.mjs';
import { runNative } from '../support/native.mjs';
import { runWeb } from '../support/page.mjs';

export async function suiteDigests(page) {
  const algos = 'bitonic,bitonic-legacy,oddeven-merge,radix,bitonic-fast,bitonic-wide';
  const args = ['check', '--quick', '--digests', '--algos', algos];
  const web = await runWeb(page, args);
  const nat = runNative(args);
  const digests = (r) => r.stdout.toString().split('\n').filter((l) => l.startsWith('digest '));
  const w = digests(web), n = digests(nat);
  check(web.code === 0, 'check passes in the browser (GPU == CPU model after every pass)', web.stderr);
  check(n.length > 1000 && w.length === n.length, 'as many per-pass digests as the native check', `${w.length} vs ${n.length}`);
  const first = w.findIndex((line, i) => line !== n[i]);
  check(first < 0, 'every digest equals the native one', first < 0 ? '' : `${w[first]} vs ${n[first]}`);
}

// --- tests/web/support/check: checks and their tally: each prints ok or FAIL with why; the runner exits 1 on any. ---


export const failures = [];
export const check = (ok, name, why) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : ': ' + why}`);
  if (!ok) failures.push(name);
};

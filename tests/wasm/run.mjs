// Runs the oware core's checks on wasm32-unknown-unknown under Node:
//   node tests/wasm/run.mjs MODULE.wasm NATIVE.txt
// NATIVE.txt is the output of the native run (`cargo run -p
// oware-wasm-check`): lines `name argument value`, each of which the
// module's export `name(argument)` must equal. Then the checks that have no
// native counterpart. Exits non-zero on a trap or a mismatch.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [modulePath, nativePath] = process.argv.slice(2);
const imports = { env: { now_ms: () => performance.now() } };
const { instance } = await WebAssembly.instantiate(readFileSync(modulePath), imports);
const checks = instance.exports;
let failures = 0;

// Runs one check: its value and time, or the trap that ended it.
function run(name, arg) {
  const start = performance.now();
  try {
    return { value: checks[name](arg), ms: performance.now() - start };
  } catch (e) {
    return { trap: `${e.constructor.name}: ${e.message}`, ms: performance.now() - start };
  }
}

// Reports a check: passed when `ok` holds of its value.
function report(label, result, ok, expected) {
  const passed = result.trap === undefined && ok(result.value);
  if (!passed) failures++;
  const got = result.trap ?? result.value;
  console.log(`${passed ? 'ok  ' : 'FAIL'} ${label} = ${got}${expected} (${result.ms.toFixed(0)} ms)`);
}

const native = readFileSync(nativePath, 'utf8').trim().split('\n').map(l => l.split(' '));
for (const [name, arg, value] of native) {
  report(`${name}(${arg})`, run(name, Number(arg)), v => v === Number(value), `, native ${value}`);
}

const depth = run('search_move', 10).value;
report('search_move_on_threads(10)', run('search_move_on_threads', 10), v => v === depth,
  `, on one thread ${depth}`);
// Only the host's clock ends these searches: they must keep to the time.
for (const [name, ms] of [['timed_search_depth', 200], ['level5_timed', 300]]) {
  const result = run(name, ms);
  report(`${name}(${ms})`, result, v => v >= 0 && result.ms < 2 * ms + 100, `, within ${2 * ms + 100} ms`);
}

console.log(failures ? `${failures} checks failed` : 'wasm32-unknown-unknown: every check passed');
process.exit(failures ? 1 : 0);

// The engine's same searches natively and in WebAssembly, from the engine's `profile` example:
// `mid` (five middle-game positions to a fixed depth, the solver off) and `solve` (FFO #40 on, #40-#44 by default). Runs
// each build `--rounds` times, alternated, and prints the nodes (equal on both: the same tree), the nodes a second
// and the median ratio; with `--profile`, V8's CPU profile of the WebAssembly run, by function (self time).
// Node runs the WebAssembly build (V8, as Chromium does), one thread, no page around it.
//
//   node scripts/profile-wasm.mjs [mid [DEPTH] | solve [COUNT]] [--rounds N] [--profile] [--perf]
//
// `--perf`: both builds under Linux `perf` (the wasm run in Node with `--perf-prof`, TurboFan from the start, its
// code named through perf's jitdump), and one table: each function's share of its run and its seconds natively
// and in wasm, and the ratio of the seconds (the CPU's copy natively, `_avx512`, and the portable one in wasm are
// one row). Functions inlined on one build and not the other make single rows differ: read them in groups.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const which = args.includes('solve') ? 'solve' : 'mid';
// The middle game's depth, or how many FFO positions from #40 are solved.
const depth = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--rounds') ?? (which === 'solve' ? 5 : 15));
const rounds = Number(args[args.indexOf('--rounds') + 1] ?? 3) || 3;
const NATIVE = join(ROOT, 'target/release/examples/profile');
const WASM = join(ROOT, 'target/wasm32-unknown-unknown/release/examples/profile.wasm');

// Inside the child: run the WebAssembly build once and print what the native build prints.
if (process.env.PROFILE_WASM_CHILD) {
  const { instance } = await WebAssembly.instantiate(readFileSync(WASM), {});
  const t0 = performance.now();
  const nodes = instance.exports.run(which === 'solve' ? 1 : 0, depth);
  const s = (performance.now() - t0) / 1000;
  console.log(`${nodes} nodes in ${s.toFixed(3)} s: ${(nodes / s).toFixed(0)} nodes/s`);
  process.exit(0);
}

const cargo = (extra, env = {}) =>
  execFileSync('cargo', ['build', '--release', '-p', 'reversi-engine', '--example', 'profile', ...extra], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
cargo([]);
// The page's flags (.cargo/config.toml: SIMD128), and the example's entry exported.
cargo(['--target', 'wasm32-unknown-unknown'], {
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS: '-C target-feature=+simd128 -C link-arg=--export=run',
});

/** A Rust symbol (legacy mangling: `_ZN`, length-prefixed parts, a hash) as its path. */
function demangle(symbol) {
  if (!symbol.startsWith('_ZN')) return symbol;
  const parts = [];
  let i = 3;
  while (i < symbol.length && symbol[i] !== 'E') {
    const length = /^\d+/.exec(symbol.slice(i));
    if (!length) break;
    i += length[0].length;
    parts.push(symbol.slice(i, i + Number(length[0])));
    i += Number(length[0]);
  }
  return parts
    .filter((part) => !/^h[0-9a-f]{16}$/.test(part))
    .join('::')
    .replace(/\$LT\$/g, '<')
    .replace(/\$GT\$/g, '>')
    .replace(/\$u20\$/g, ' ')
    .replace(/\$RF\$/g, '&')
    .replace(/\.\./g, '::')
    .replace(/(^|::)_</g, '$1<');
}

const parse = (out) => {
  const [, nodes, seconds] = out.match(/^(\d+) nodes in ([\d.]+) s/m);
  return { nodes: Number(nodes), seconds: Number(seconds), nps: Number(nodes) / Number(seconds) };
};
const native = () => parse(execFileSync(NATIVE, [which, String(depth)], { encoding: 'utf8' }));
const wasm = (flags = []) => {
  const run = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), which, String(depth)], {
    encoding: 'utf8',
    env: { ...process.env, PROFILE_WASM_CHILD: '1' },
  });
  return parse(run.stdout);
};

const ratios = [];
for (let r = 0; r < rounds; r++) {
  const n = native();
  const w = wasm();
  if (n.nodes !== w.nodes) throw new Error(`not the same tree: ${n.nodes} nodes natively, ${w.nodes} in wasm`);
  ratios.push(w.nps / n.nps);
  console.log(`${which} round ${r + 1}: ${n.nodes} nodes; native ${n.seconds} s (${(n.nps / 1e6).toFixed(2)} M/s), wasm ${w.seconds} s (${(w.nps / 1e6).toFixed(2)} M/s), wasm/native ${(w.nps / n.nps).toFixed(3)}`);
}
ratios.sort((a, b) => a - b);
console.log(`median wasm/native: ${ratios[Math.floor(ratios.length / 2)].toFixed(3)}`);

if (args.includes('--profile')) {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-prof-'));
  wasm(['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '200']);
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const self = new Map();
  let total = 0;
  for (const node of profile.nodes) {
    const name = demangle(node.callFrame.functionName || '(anonymous)');
    self.set(name, (self.get(name) ?? 0) + node.hitCount);
    total += node.hitCount;
  }
  console.log('\nWebAssembly, self time by function:');
  for (const [name, hits] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(`${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`);
  }
}

if (args.includes('--perf')) {
  const dir = mkdtempSync(join(tmpdir(), 'wasm-perf-'));
  const record = (out, command, extra = []) =>
    spawnSync('perf', ['record', '-q', '-F', '4000', ...extra, '-o', join(dir, out), ...command], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PROFILE_WASM_CHILD: '1' },
    });
  const nativeRun = parse(record('native.data', [NATIVE, which, String(depth)]).stdout);
  const wasmRun = parse(
    record(
      'wasm.data',
      [process.execPath, '--perf-prof', '--no-wasm-tier-up', '--no-liftoff', fileURLToPath(import.meta.url), which, String(depth)],
      ['-k', 'mono'],
    ).stdout,
  );
  execFileSync('perf', ['inject', '--jit', '-i', join(dir, 'wasm.data'), '-o', join(dir, 'wasm.jit.data')], { stdio: 'ignore' });
  /** Self time by function, in percent of the run, the copies of one function under one name. */
  const shares = (file) => {
    const report = execFileSync('perf', ['report', '-i', join(dir, file), '--no-children', '--sort', 'symbol', '--stdio'], {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
    const out = new Map();
    for (const [, percent, raw] of report.matchAll(/^\s+([\d.]+)%\s+\[.\]\s+(\S+(?: \S+)*)/gm)) {
      const name = demangle(raw.replace(/^JS:/, '').replace(/-\d+-turbofan$/, ''))
        .replace(/_(avx512|avx2|portable)$/, '')
        .replace(/^.*<impl [^>]*>::/, '')
        .replace(/<(?:[\w:]*::)?(\w+) as [^>]*>::/, '$1::')
        .split('::')
        .slice(-2)
        .join('::');
      out.set(name, (out.get(name) ?? 0) + Number(percent));
    }
    return out;
  };
  const nativeShares = shares('native.data');
  const wasmShares = shares('wasm.jit.data');
  console.log(`\nperf: native ${nativeRun.seconds} s, wasm ${wasmRun.seconds} s (TurboFan from the start), ${nativeRun.nodes} nodes`);
  console.log('function | native % | native s | wasm % | wasm s | wasm s / native s');
  const names = [...new Set([...nativeShares.keys(), ...wasmShares.keys()])]
    .map((name) => [name, nativeShares.get(name) ?? 0, wasmShares.get(name) ?? 0])
    .filter(([, n, w]) => n >= 0.5 || w >= 0.5)
    .sort((a, b) => Math.max(b[1], b[2]) - Math.max(a[1], a[2]));
  for (const [name, n, w] of names) {
    const ns = (n / 100) * nativeRun.seconds;
    const ws = (w / 100) * wasmRun.seconds;
    console.log(`${name} | ${n.toFixed(1)} | ${ns.toFixed(3)} | ${w.toFixed(1)} | ${ws.toFixed(3)} | ${n >= 0.5 && w >= 0.5 ? (ws / ns).toFixed(2) : '-'}`);
  }
  rmSync(dir, { recursive: true, force: true });
}

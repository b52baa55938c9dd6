#!/usr/bin/env node
/**
 * The heaviest notebook by the rules found so far, timed record by record: Killer Kloo Doo for
 * six, the digging race, then six blind grabs among 20 suggestions (`heavyGame` of
 * scripts/bench/notebook.mjs with SEED and ORDER: d a dig, s a suggestion, g a grab; the same
 * notebook as tests/unit/notebook/fixtures/heavy-kloo-doo.json by default). For each record from
 * FROM on, the least of REPEAT CPU timings of the deduction and the count's work (states and
 * steps, the same on any machine). The deduction's budget is 100 ms (docs/PERFORMANCE.md).
 *
 *   node scripts/notebook-heavy.mjs        (SEED=302, FROM=20, REPEAT=3 by default)
 *
 * The TypeScript is loaded through Vite, so nothing is built first.
 */
import { loadavg } from 'node:os';
import { createServer } from 'vite';
import { heavyGame } from './bench/notebook.mjs';

const SEED = Number(process.env.SEED ?? 302);
const ORDER = process.env.ORDER ?? 'ddddddssssssssgssssggsgsssggssss';
const FROM = Number(process.env.FROM ?? 20);
const REPEAT = Number(process.env.REPEAT ?? 3);
const KINDS = { d: 'dig', s: 'suggestion', g: 'grab' };
const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
  resolve: { alias: { $lib: new URL('../src/lib', import.meta.url).pathname } }
});
try {
  const { deduce } = await server.ssrLoadModule('/src/lib/games/notebook/solver.ts');
  const { buildModel } = await server.ssrLoadModule('/src/lib/games/notebook/model.ts');
  const { countWorlds } = await server.ssrLoadModule('/src/lib/games/notebook/count.ts');
  const { setup, records } = heavyGame(SEED, [...ORDER].map((k) => KINDS[k]));
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const before = loadavg().map((n) => n.toFixed(2));
  // The first deductions compile the count: warm it up on the records before FROM.
  for (let k = 0; k < FROM; k++) deduce(setup, records.slice(0, k));
  let worst = { ms: 0, k: -1 };
  for (let k = FROM; k <= records.length; k++) {
    const prefix = records.slice(0, k);
    let ms = Infinity;
    for (let r = 0; r < REPEAT; r++) {
      const t0 = cpu();
      deduce(setup, prefix);
      ms = Math.min(ms, cpu() - t0);
    }
    const work = countWorlds(buildModel(setup, prefix), false).work;
    if (ms > worst.ms) worst = { ms, k };
    console.log(`after record ${k}: ${ms.toFixed(1)} ms, work ${work}`);
  }
  console.log(`worst: ${worst.ms.toFixed(1)} ms after record ${worst.k} (budget 100 ms)`);
  console.log(`Load average (1, 5, 15 min): before ${before.join(', ')}; after ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
} finally {
  await server.close();
}

#!/usr/bin/env node
/**
 * How long the notebook's deduction takes on simulated games (six players, 40 suggestions, and
 * Killer Kloo Doo games with digs and transfers): median and worst of SEEDS games each.
 * The TypeScript is loaded through Vite, so nothing is built first.
 */
import { createServer } from 'vite';

const SEEDS = Number(process.env.SEEDS ?? 20);
const server = await createServer({ configFile: false, logLevel: 'error', server: { middlewareMode: true }, resolve: { alias: { $lib: new URL('../src/lib', import.meta.url).pathname } } });
try {
  const { simulate } = await server.ssrLoadModule('/tests/unit/notebook/simulate.ts');
  const { deduce } = await server.ssrLoadModule('/src/lib/games/notebook/solver.ts');
  const cases = [
    { name: 'Cluedo, 6 players, 40 suggestions', o: { variant: 'cluedo', players: 6, suggestions: 40 } },
    { name: 'Cluedo, 3 players, 40 suggestions', o: { variant: 'cluedo', players: 3, suggestions: 40 } },
    { name: 'Kloo Doo, 6 players, 6 digs, 4 transfers, 40 suggestions', o: { variant: 'killerKlooDoo', players: 6, suggestions: 40, digs: 6, transfers: 4 } },
    { name: 'Kloo Doo, 4 players, 2 digs, 2 transfers, 40 suggestions', o: { variant: 'killerKlooDoo', players: 4, suggestions: 40, digs: 2, transfers: 2 } }
  ];
  for (const { name, o } of cases) {
    const times = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const g = simulate({ ...o, seed });
      // Every prefix, as the notebook deduces after each record.
      const t0 = performance.now();
      deduce(g.setup, g.records);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[times.length >> 1].toFixed(1)} ms, worst ${times.at(-1).toFixed(1)} ms`);
  }
} finally {
  await server.close();
}

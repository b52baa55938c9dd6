#!/usr/bin/env node
/**
 * How long the detective's notebook takes to deduce, on simulated games: after every record of
 * SEEDS games per case (the notebook deduces again after each move), the median and worst CPU
 * time of one deduction, and its work (states and steps the count went through, the same on any
 * machine). Timings on a busy machine are noisy, so each deduction is timed REPEAT times and the
 * least kept; the work is not noisy. A last case adds, after every tenth record of the largest
 * games, a sighting that contradicts the records, so the deduction also names the records the
 * contradiction rests on.
 *
 *   node scripts/notebook-speed.mjs        (SEEDS=5, REPEAT=3 by default)
 *
 * The TypeScript is loaded through Vite, so nothing is built first.
 */
import { createServer } from 'vite';

const SEEDS = Number(process.env.SEEDS ?? 5);
const REPEAT = Number(process.env.REPEAT ?? 3);
const server = await createServer({
  configFile: false,
  logLevel: 'error',
  server: { middlewareMode: true },
  resolve: { alias: { $lib: new URL('../src/lib', import.meta.url).pathname } }
});
try {
  const { simulate } = await server.ssrLoadModule('/tests/unit/notebook/simulate.ts');
  const { deduce } = await server.ssrLoadModule('/src/lib/games/notebook/solver.ts');
  const { buildModel } = await server.ssrLoadModule('/src/lib/games/notebook/model.ts');
  const { countWorlds } = await server.ssrLoadModule('/src/lib/games/notebook/count.ts');
  const cases = [
    ['Cluedo, 6 players, 40 suggestions', { variant: 'cluedo', players: 6, suggestions: 40 }],
    ['Cluedo, 3 players, 40 suggestions', { variant: 'cluedo', players: 3, suggestions: 40 }],
    ['Kloo Doo, 4 players, 2 blind digs, 2 transfers, 40 suggestions', { variant: 'killerKlooDoo', players: 4, suggestions: 40, digs: 2, transfers: 2 }],
    ['Kloo Doo, 6 players, 6 blind digs, 4 transfers, 40 suggestions', { variant: 'killerKlooDoo', players: 6, suggestions: 40, digs: 6, transfers: 4 }],
    ['Kloo Doo, 6 players, 6 blind digs, 10 transfers, 40 suggestions', { variant: 'killerKlooDoo', players: 6, suggestions: 40, digs: 6, transfers: 10 }],
    ['Kloo Doo, 6 players, 6 blind digs, 8 transfers, 16 suggestions', { variant: 'killerKlooDoo', players: 6, suggestions: 16, digs: 6, transfers: 8 }]
  ];
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const time = (setup, records) => {
    let least = Infinity;
    for (let r = 0; r < REPEAT; r++) {
      const t0 = cpu();
      deduce(setup, records);
      least = Math.min(least, cpu() - t0);
    }
    return least;
  };
  const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  for (const [name, o] of cases) {
    const times = [];
    const works = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const g = simulate({ ...o, seed });
      for (let k = 0; k <= g.records.length; k++) {
        const records = g.records.slice(0, k);
        times.push(time(g.setup, records));
        works.push(countWorlds(buildModel(g.setup, records), false).work);
      }
    }
    console.log(
      `${name}: ${times.length} deductions, CPU median ${q(times, 0.5).toFixed(1)} ms, p95 ${q(times, 0.95).toFixed(1)} ms, worst ${q(times, 1).toFixed(1)} ms; work median ${q(works, 0.5)}, worst ${q(works, 1)}`
    );
  }
  {
    const times = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const g = simulate({ ...cases[3][1], seed });
      for (let k = 10; k <= g.records.length; k += 10) {
        // One of the owner's cards seen with the player across the table: impossible unless the
        // owner gave it away, and then the records that say so are the conflict.
        const own = [...g.truth[k].entries()].find(([, h]) => h === g.setup.owner)?.[0];
        if (!own) continue;
        const records = [...g.records.slice(0, k), { kind: 'seen', card: own, holder: g.setup.players[3].id }];
        if (deduce(g.setup, records).contradiction === null) continue;
        times.push(time(g.setup, records));
      }
    }
    console.log(
      `${cases[3][0]}, then a contradicting sighting: ${times.length} deductions, CPU median ${q(times, 0.5).toFixed(1)} ms, p95 ${q(times, 0.95).toFixed(1)} ms, worst ${q(times, 1).toFixed(1)} ms`
    );
  }
} finally {
  await server.close();
}

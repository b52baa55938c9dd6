/**
 * `npm run bench`, (j): the detective's notebook deducing after a move, in the built app.
 *
 * A Killer Kloo Doo notebook for six players is seeded through the app's own ActiveGame in the
 * page (the records a player would keep: the middle dug up blind, 40 suggestions, 8 cards passed
 * on between other players, so unknown to the owner, all played from a true deal so they fit together), then
 * the notebook's screen is opened and each timed move is a real tap on Record in its form: a
 * suggestion, or every third time a card passed on that the owner did not see. The time runs from
 * the tap (capture phase, ahead of the app's handler) to <main data-seq> moving on, which happens
 * only once the move is committed to IndexedDB, in the same update that redraws the grid from the
 * new deduction (performance.now() in the page); the next animation frame is noted too. Each
 * timed move is then undone (not timed), so every sample deduces over the same 54 records plus
 * one. Budget: median ≤ 100 ms, the "under 100 ms for six players and 40 recorded
 * suggestions", both at full speed and with the CPU slowed 4× (a phone).
 */
import { PHONE, waitForTaps } from '../../tests/e2e/keeper.mjs';
import { armStepTimer, stepTiming } from './step-timer.mjs';

export const NOTEBOOK_BUDGET_MS = 100;

const SUSPECTS = ['scarlett', 'mustard', 'white', 'green', 'peacock', 'plum'];
const WEAPONS = ['candlestick', 'dagger', 'leadPiping', 'revolver', 'rope', 'spanner'];
const ROOMS = ['kitchen', 'ballroom', 'conservatory', 'diningRoom', 'billiardRoom', 'library', 'lounge', 'hall', 'study'];
const CARDS = [...SUSPECTS, ...WEAPONS, ...ROOMS];
const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip'];
const SUGGESTIONS = 40;
const TRANSFERS = 8;
const DIGS = 6;

/** A small seeded generator (mulberry32), so every run of the bench plays the same game. */
function generator(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * A true Killer Kloo Doo deal for six (two cards each, six in the middle, three in the envelope)
 * drawn with `int`, and the first player's notebook set-up for it. `where` maps each card to its
 * holder and is kept up to date by the records the caller plays; `held` lists a holder's cards.
 */
function deal(int) {
  const players = NAMES.map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
  const ids = players.map((p) => p.id);
  const owner = ids[0];
  const where = new Map();
  const envelope = [SUSPECTS[int(6)], WEAPONS[int(6)], ROOMS[int(9)]];
  for (const c of envelope) where.set(c, '@envelope');
  const rest = CARDS.filter((c) => !envelope.includes(c));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  rest.forEach((c, i) => where.set(c, i < 12 ? ids[Math.floor(i / 2)] : '@middle'));
  const held = (h) => CARDS.filter((c) => where.get(c) === h);
  const hands = Object.fromEntries(ids.map((id) => [id, 2]));
  const setup = { variant: 'killerKlooDoo', players, owner, hands, middle: 6, ownCards: held(owner), edition: 'uk' };
  return { setup, ids, owner, where, held };
}

/**
 * A Killer Kloo Doo game for six (two cards each, six in the middle) seen through the first
 * player's notebook: its set-up, its records, and the deal as it stands after them.
 */
export function notebookGame(seed = 11) {
  const int = generator(seed);
  const { setup, ids, owner, where, held } = deal(int);
  const records = [];
  for (let d = 0; d < DIGS; d++) {
    const by = ids[int(6)];
    const pile = held('@middle');
    const card = pile[int(pile.length)];
    where.set(card, by);
    records.push({ kind: 'dig', by, ...(by === owner ? { card } : {}) });
  }
  const transferAt = new Set(Array.from({ length: TRANSFERS }, (_, t) => Math.floor(((t + 1) * SUGGESTIONS) / (TRANSFERS + 1))));
  for (let s = 0; s < SUGGESTIONS; s++) {
    if (transferAt.has(s)) records.push(transfer(int, ids, owner, where));
    records.push(suggestion(int, ids, owner, where));
  }
  return { setup, records, where };
}

function transfer(int, ids, owner, where) {
  const givers = ids.filter((id) => id !== owner && [...where.values()].includes(id));
  const from = givers[int(givers.length)];
  const others = ids.filter((id) => id !== from && id !== owner);
  const to = others[int(others.length)];
  const hand = CARDS.filter((c) => where.get(c) === from);
  where.set(hand[int(hand.length)], to);
  return { kind: 'transfer', how: int(2) ? 'bribe' : 'grab', from, to };
}

function suggestion(int, ids, owner, where) {
  const at = int(ids.length);
  const by = ids[at];
  const cards = [SUSPECTS[int(6)], WEAPONS[int(6)], ROOMS[int(9)]];
  const passed = [];
  for (let step = 1; step < ids.length; step++) {
    const p = ids[(at + step) % ids.length];
    const has = cards.filter((c) => where.get(c) === p);
    if (has.length === 0) passed.push(p);
    else {
      const card = has[int(has.length)];
      return { kind: 'suggestion', by, cards, passed, shown: { by: p, ...(by === owner || p === owner ? { card } : {}) } };
    }
  }
  return { kind: 'suggestion', by, cards, passed, shown: null };
}

/** The next move after the seeded records, the `i`-th of the timed ones (the deal is not changed). */
function nextMove(i, owner, ids, where) {
  const int = generator(1000 + i);
  return i % 3 === 2 ? transfer(int, ids, owner, new Map(where)) : suggestion(int, ids, owner, where);
}

/**
 * Finds the app's ActiveGame among the scripts the page loaded (recognised by its static `open`
 * and `create`, since export names are minified) and makes the seeded notebook game with it.
 */
export async function seedGame(page, url, game) {
  await page.goto(`${url}/game/none`);
  await page.waitForLoadState('networkidle');
  return page.evaluate(async ({ setup, records }) => {
    const scripts = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.js'));
    for (const src of scripts) {
      const mod = await import(src);
      for (const value of Object.values(mod)) {
        if (typeof value !== 'function' || typeof value.open !== 'function' || typeof value.create !== 'function') continue;
        const made = await value.create('notebook', setup, 7);
        if (!('id' in made)) throw new Error(JSON.stringify(made));
        const active = await value.open(made.id);
        for (const r of records) if (!(await active.move(r))) throw new Error(`refused: ${JSON.stringify(r)}`);
        return made.id;
      }
    }
    throw new Error('ActiveGame was not found among the scripts the game screen loaded');
  }, game);
}

const seqOf = (page) => page.evaluate(() => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq') ?? NaN));

/** Fills the form for `move` (the notebook's English labels), without sending it. */
async function fill(page, move, owner) {
  const nav = page.getByRole('navigation', { name: 'Record' });
  const form = page.locator('form.move-form');
  if (move.kind === 'suggestion') {
    await nav.getByRole('button', { name: 'Suggestion', exact: true }).click();
    await form.getByLabel('Who made the suggestion').selectOption(move.by);
    await form.getByLabel('Suspect', { exact: true }).selectOption(move.cards[0]);
    await form.getByLabel('Weapon', { exact: true }).selectOption(move.cards[1]);
    await form.getByLabel('Room', { exact: true }).selectOption(move.cards[2]);
    await form.getByLabel('Who showed a card').selectOption(move.shown?.by ?? '');
    if (move.shown?.card && move.by === owner) await form.getByLabel('Which card you were shown').selectOption(move.shown.card);
  } else {
    await nav.getByRole('button', { name: 'Passed on', exact: true }).click();
    await form.getByRole('radio', { name: move.how === 'bribe' ? 'A bribe (Diamonds)' : 'A grab (Clubs)' }).check();
    await form.getByLabel('From', { exact: true }).selectOption(move.from);
    await form.getByLabel('To', { exact: true }).selectOption(move.to);
  }
  return form.getByRole('button', { name: 'Record', exact: true });
}

/**
 * Times `count` moves on the notebook's screen of the seeded game, with the CPU slowed
 * `slowdown` times. Returns the samples ({ kind, commitMs, frameMs }) and the records deduced over.
 */
export async function notebookTimings(browser, url, count, slowdown = 1) {
  const game = notebookGame();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  try {
    const id = await seedGame(page, url, game);
    await page.goto(`${url}/game/${id}`);
    await page.waitForFunction(() => document.querySelector('main[data-seq] tr[data-card]') !== null, undefined, { timeout: 30_000 });
    const ids = game.setup.players.map((p) => p.id);
    if (slowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const samples = [];
    for (let i = 0; i < count; i++) {
      const move = nextMove(i, game.setup.owner, ids, game.where);
      // A new position ignores taps for a moment (the shell's guard): the form waits for it.
      await waitForTaps(page);
      const record = await fill(page, move, game.setup.owner);
      const before = await seqOf(page);
      await armStepTimer(page);
      await record.click();
      const timing = await stepTiming(page);
      if ((await page.locator('section.contradiction').count()) > 0) throw new Error(`the notebook found a contradiction after ${JSON.stringify(move)}`);
      samples.push({ kind: move.kind, ...timing });
      // Back to the seeded records for the next sample (not timed).
      await waitForTaps(page);
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await page.waitForFunction((s) => Number(document.querySelector('main[data-seq]')?.getAttribute('data-seq')) !== s + 1, before, { timeout: 30_000 });
    }
    return { samples, records: game.records.length };
  } finally {
    await context.close();
  }
}

/** Median and 95th percentile of the samples' commit times, at full speed and slowed. */
export function notebookSummary(normal, slowed, stats) {
  const commitMs = stats(normal.samples.map((s) => s.commitMs));
  const slowedCommitMs = stats(slowed.samples.map((s) => s.commitMs));
  return {
    records: normal.records,
    budgetMs: NOTEBOOK_BUDGET_MS,
    count: normal.samples.length,
    commitMs,
    frameMs: stats(normal.samples.map((s) => s.frameMs)),
    held: commitMs.median <= NOTEBOOK_BUDGET_MS,
    slowed: {
      cpuSlowdown: 4,
      count: slowed.samples.length,
      commitMs: slowedCommitMs,
      frameMs: stats(slowed.samples.map((s) => s.frameMs)),
      held: slowedCommitMs.median <= NOTEBOOK_BUDGET_MS
    },
    samples: normal.samples,
    slowedSamples: slowed.samples
  };
}

/** The table's rows for the notebook: [measure, value, budget, held]. */
export function notebookRows(n) {
  const label = `Notebook, 6 players, ${n.records} records: Record → deduced and committed`;
  return [
    [`${label}, median`, `${n.commitMs.median} ms`, `≤ ${NOTEBOOK_BUDGET_MS} ms`, n.held],
    [`${label}, p95`, `${n.commitMs.p95} ms`, '', null],
    [`Notebook, CPU 4× slower, median`, `${n.slowed.commitMs.median} ms`, `≤ ${NOTEBOOK_BUDGET_MS} ms`, n.slowed.held],
    [`Notebook, CPU 4× slower, p95`, `${n.slowed.commitMs.p95} ms`, '', null]
  ];
}

/**
 * The heaviest notebooks Killer Kloo Doo's twists make, found by search: six players, the six
 * cards of the middle dug up by others (unseen by the owner), six cards grabbed between others
 * (unseen), and 20 suggestions, played from a true deal so the records fit together. The middle
 * is dug up first, as the rules make it (no suggestion can be made while a clue card is still
 * there: docs/RULES.md); when the grabs and the suggestions come, and the game's deal and
 * choices, are what the search varies: seeded random orders first, then swaps of two records in
 * the heaviest one kept while the count's work (states and steps it goes through, the same on
 * any machine) grows. The deduction of the
 * heaviest game found is then timed after each of its records, and a tap's explanation (the
 * reasons worked out, then the reason for a cell and for each fact it rests on) for every certain
 * fact after the last record. CPU time in Node (the same modules the app runs, loaded through
 * Vite), the least of REPEAT runs each, since other work on the machine only adds to it.
 * Budgets: a deduction ≤ 100 ms, a tap's explanation ≤ 50 ms.
 */
export const NOTEBOOK_WORST_BUDGET_MS = { deduce: 100, explain: 50 };
const HEAVY = { digs: 6, grabs: 6, suggestions: 20 };

/** A heavy game for `order` (its kinds of record, in order) and a deal and choices from `seed`. */
export function heavyGame(seed, order) {
  const int = generator(seed);
  const { setup, ids, owner, where, held } = deal(int);
  const others = ids.filter((id) => id !== owner);
  const records = [];
  for (const kind of order) {
    if (kind === 'dig') {
      const by = others[int(others.length)];
      const pile = held('@middle');
      where.set(pile[int(pile.length)], by);
      records.push({ kind: 'dig', by });
    } else if (kind === 'grab') {
      const givers = others.filter((id) => held(id).length > 0);
      const from = givers[int(givers.length)];
      const takers = others.filter((id) => id !== from);
      const to = takers[int(takers.length)];
      const hand = held(from);
      where.set(hand[int(hand.length)], to);
      records.push({ kind: 'transfer', how: 'grab', from, to });
    } else records.push(suggestion(int, ids, owner, where));
  }
  return { setup, records };
}

/** The heavy game's kinds of record: the digging race, then the grabs and suggestions in a seeded shuffle. */
function randomOrder(int) {
  const rest = [...Array(HEAVY.grabs).fill('grab'), ...Array(HEAVY.suggestions).fill('suggestion')];
  for (let i = rest.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  return [...Array(HEAVY.digs).fill('dig'), ...rest];
}

/**
 * The search and the timings (see above). `tries` random games, then `climb` swaps; returns
 * the heaviest game's work, its deduction's times and its explanations' times.
 */
export async function notebookWorstCase({ tries = 600, climb = 300, repeat = 3 } = {}) {
  const { createServer } = await import('vite');
  const root = new URL('../..', import.meta.url).pathname;
  const server = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    resolve: { alias: { $lib: `${root}src/lib` } }
  });
  try {
    const { deduce } = await server.ssrLoadModule('/src/lib/games/notebook/solver.ts');
    const { Reasons } = await server.ssrLoadModule('/src/lib/games/notebook/explain.ts');
    const { buildModel } = await server.ssrLoadModule('/src/lib/games/notebook/model.ts');
    const { countWorlds } = await server.ssrLoadModule('/src/lib/games/notebook/count.ts');
    // The count's work after the last record (the work grows with the records as a rule; every
    // record's deduction of the game found is timed below).
    const work = (g) => countWorlds(buildModel(g.setup, g.records), false).work;
    const int = generator(2024);
    let best = null;
    for (let i = 0; i < tries; i++) {
      const seed = 100 + i;
      const order = randomOrder(int);
      const g = heavyGame(seed, order);
      const w = work(g);
      if (!best || w > best.work) best = { seed, order, work: w, game: g };
    }
    const searched = best.work;
    for (let i = 0; i < climb; i++) {
      // A grab and a suggestion change places (the digging race stays first).
      const order = [...best.order];
      const grabs = order.flatMap((kind, at) => (kind === 'grab' ? [at] : []));
      const suggestions = order.flatMap((kind, at) => (kind === 'suggestion' ? [at] : []));
      const a = grabs[int(grabs.length)];
      const b = suggestions[int(suggestions.length)];
      [order[a], order[b]] = [order[b], order[a]];
      const g = heavyGame(best.seed, order);
      const w = work(g);
      if (w > best.work) best = { ...best, order, work: w, game: g };
    }
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const least = (f) => {
      let ms = Infinity;
      for (let r = 0; r < repeat; r++) {
        const t0 = cpu();
        f();
        ms = Math.min(ms, cpu() - t0);
      }
      return ms;
    };
    const { setup, records } = best.game;
    const deduceMs = [];
    for (let k = 0; k <= records.length; k++) deduceMs.push(least(() => deduce(setup, records.slice(0, k))));
    const d = deduce(setup, records);
    if (d.contradiction) throw new Error('the heaviest game found contradicts itself');
    // A tap: the reasons are worked out on the first tap after a record, then the cell's reason and those of the facts it rests on.
    const reasonsMs = least(() => new Reasons(setup, records, d));
    const reasons = new Reasons(setup, records, d);
    const tap = (fact) => {
      const e = reasons.explain(fact);
      for (const b of e?.because ?? []) reasons.explain(b);
      return e;
    };
    const explainMs = [];
    const kinds = {};
    for (const fact of d.facts()) {
      const key = tap(fact)?.text.key ?? 'none';
      kinds[key] = (kinds[key] ?? 0) + 1;
      explainMs.push(least(() => tap(fact)));
    }
    const worstTap = Math.max(...explainMs);
    return {
      records: records.length,
      order: best.order.map((k) => k[0]).join(''),
      seed: best.seed,
      work: { searched, climbed: best.work },
      deduceMs: { worst: round(Math.max(...deduceMs)), last: round(deduceMs.at(-1)), median: round(median(deduceMs)) },
      explain: { reasonsMs: round(reasonsMs), worstTapMs: round(worstTap), medianTapMs: round(median(explainMs)), firstTapMs: round(reasonsMs + worstTap), facts: explainMs.length, kinds },
      held: {
        deduce: Math.max(...deduceMs) <= NOTEBOOK_WORST_BUDGET_MS.deduce,
        explain: reasonsMs + worstTap <= NOTEBOOK_WORST_BUDGET_MS.explain
      }
    };
  } finally {
    await server.close();
  }
}

const round = (x) => Math.round(x * 100) / 100;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The table's rows for the heaviest notebook found: [measure, value, budget, held]. */
export function notebookWorstRows(w) {
  const label = `Notebook, heaviest of the search (6 players, 6 blind digs, 6 blind grabs, 20 suggestions; work ${w.work.climbed})`;
  return [
    [`${label}: deduction after any record, worst (CPU)`, `${w.deduceMs.worst} ms`, `≤ ${NOTEBOOK_WORST_BUDGET_MS.deduce} ms`, w.held.deduce],
    [`${label}: first tap's explanation, worst (reasons ${w.explain.reasonsMs} ms + cell ${w.explain.worstTapMs} ms)`, `${w.explain.firstTapMs} ms`, `≤ ${NOTEBOOK_WORST_BUDGET_MS.explain} ms`, w.held.explain]
  ];
}

// Alone: `node scripts/bench/notebook.mjs` on the built app (MOVES, SLOW_MOVES: 20 and 10 by default);
// `WORST=only node scripts/bench/notebook.mjs` for the heaviest game's search and timings alone (no build needed).
if (import.meta.url === `file://${process.argv[1]}` && process.env.WORST === 'only') {
  const { loadavg } = await import('node:os');
  const before = loadavg().map((n) => n.toFixed(2));
  const w = await notebookWorstCase({ tries: Number(process.env.TRIES ?? 600), climb: Number(process.env.CLIMB ?? 300) });
  for (const [name, value, budget, ok] of notebookWorstRows(w)) console.log(`${name}  ${value}  ${budget}  ${ok ? 'held' : 'NOT held'}`);
  console.log(JSON.stringify(w));
  console.log(`Load average (1, 5, 15 min): before ${before.join(', ')}; after ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { loadavg } = await import('node:os');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, ensureChromium } = await import('../chromium.mjs');
  const { startServer } = await import('../serve.mjs');
  const server = await startServer({ port: 0 });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * q))];
    return { n: sorted.length, median: Math.round(at(0.5) * 100) / 100, p95: Math.round(at(0.95) * 100) / 100, max: Math.round(at(1) * 100) / 100 };
  };
  try {
    const before = loadavg().map((n) => n.toFixed(2));
    const normal = await notebookTimings(browser, server.url, Number(process.env.MOVES ?? 20));
    const slowed = await notebookTimings(browser, server.url, Number(process.env.SLOW_MOVES ?? 10), 4);
    const summary = notebookSummary(normal, slowed, stats);
    for (const [name, value, budget, ok] of notebookRows(summary)) console.log(`${name}  ${value}  ${budget}  ${ok === null ? '' : ok ? 'held' : 'NOT held'}`);
    console.log(`frame: median ${summary.frameMs.median} ms; slowed ${summary.slowed.frameMs.median} ms`);
    console.log(`Load average (1, 5, 15 min): before ${before.join(', ')}; after ${loadavg().map((n) => n.toFixed(2)).join(', ')}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

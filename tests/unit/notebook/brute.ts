/**
 * The slow, obvious count the solver must agree with: list every deal of a small deck and every
 * card each unknown move could have taken, play the records on each, and keep those that fit.
 * Written straight from the records' meaning, sharing no code with the solver.
 */
import { categoryOf, type CardId } from '$lib/games/cluedo-cards';
import { ENVELOPE, MIDDLE, type HolderId, type NotebookRecord, type NotebookSetup } from '$lib/games/notebook/records';

export interface BruteCount {
  total: number;
  /** `${time}|${card}|${holder}` → worlds */
  at: Map<string, number>;
}

export function bruteCount(setup: NotebookSetup, records: readonly NotebookRecord[]): BruteCount {
  const deck = setup.deck!;
  const holders: HolderId[] = [...setup.players.map((p) => p.id), MIDDLE];
  const places = new Map<HolderId, number>(holders.map((h) => [h, h === MIDDLE ? setup.middle : setup.hands[h]]));
  const out: BruteCount = { total: 0, at: new Map() };

  // Every deal: one card of each category to the envelope, the rest to the hands and the middle.
  const deals: Map<CardId, HolderId>[] = [];
  const assign = (i: number, deal: Map<CardId, HolderId>, envCats: Set<string>) => {
    if (i === deck.length) {
      if ([...places.values()].every((n) => n === 0)) deals.push(new Map(deal));
      return;
    }
    const card = deck[i];
    const cat = categoryOf(card);
    if (!envCats.has(cat)) {
      envCats.add(cat);
      deal.set(card, ENVELOPE);
      assign(i + 1, deal, envCats);
      envCats.delete(cat);
    }
    for (const h of holders) {
      if (places.get(h)! === 0) continue;
      places.set(h, places.get(h)! - 1);
      deal.set(card, h);
      assign(i + 1, deal, envCats);
      places.set(h, places.get(h)! + 1);
    }
    deal.delete(card);
  };
  assign(0, new Map(), new Set());
  const categories = new Set(deck.map(categoryOf));
  const fullDeals = deals.filter((d) => new Set([...d].filter(([, h]) => h === ENVELOPE).map(([c]) => categoryOf(c))).size === categories.size);

  const play = (i: number, where: Map<CardId, HolderId>, story: Map<CardId, HolderId>[]) => {
    if (i === records.length) {
      out.total++;
      story.forEach((w, t) => w.forEach((h, c) => out.at.set(`${t}|${c}|${h}`, (out.at.get(`${t}|${c}|${h}`) ?? 0) + 1)));
      return;
    }
    const r = records[i];
    const next = (w: Map<CardId, HolderId>) => play(i + 1, w, [...story, w]);
    const holds = (h: HolderId, c: CardId) => where.get(c) === h;
    if (r.kind === 'dig' || r.kind === 'transfer') {
      const from = r.kind === 'dig' ? MIDDLE : r.from;
      const to = r.kind === 'dig' ? r.by : r.to;
      const choices = r.card !== undefined ? [r.card] : deck.filter((c) => holds(from, c));
      for (const c of choices) {
        if (!holds(from, c)) continue;
        const w = new Map(where);
        w.set(c, to);
        next(w);
      }
      return;
    }
    let fits = true;
    if (r.kind === 'suggestion') {
      for (const p of r.passed) if (r.cards.some((c) => holds(p, c))) fits = false;
      if (r.shown) {
        if (r.shown.card !== undefined) fits &&= holds(r.shown.by, r.shown.card);
        else fits &&= r.cards.some((c) => holds(r.shown!.by, c));
      }
    } else if (r.kind === 'seen') fits = holds(r.holder, r.card);
    else if (r.kind === 'accusation') {
      const all = r.cards.every((c) => holds(ENVELOPE, c));
      fits = r.wrong ? !all : all;
    }
    if (fits) next(where);
  };
  for (const deal of fullDeals) {
    if (!setup.ownCards.every((c) => deal.get(c) === setup.owner)) continue;
    play(0, deal, [deal]);
  }
  return out;
}

/**
 * Why a fact holds, in words a player can check against the table: the records and the earlier
 * facts it comes from ("Ben showed a card for Plum, Rope or Study and has neither Plum nor Rope,
 * so it was the Study").
 *
 * The exact count (`solver.ts`) decides what is true; this module finds a short reason for it by
 * the steps a careful player would take, repeated until nothing new follows: what a record says
 * outright, a card is in one place only, the one place left for a card, a hand whose cards are
 * all known, a hand with just enough possible cards, the one card a player can have shown, a
 * wrong accusation with two of its cards in the envelope, and a fact carried over time while
 * nothing could have changed it. Each fact is derived once, from facts derived before it, so the
 * reasons never go round in a circle. A fact that only the whole count finds (it follows from
 * several records together in a way no single step shows) is explained as such, with its records.
 */
import type { Text } from '../../engine/types';
import { isolate } from '../../engine/names';
import { CATEGORIES, cardNameId, type Edition } from '../cluedo-cards';
import type { Model } from './model';
import type { NotebookRecord, NotebookSetup } from './records';
import type { Deduction, Fact } from './solver';

export interface Explanation {
  fact: Fact;
  text: Text;
  /** Records it comes from, by index. */
  records: number[];
  /** Facts it comes from, each explainable in turn. */
  because: Fact[];
}

type Why =
  | { kind: 'record'; record: number }
  | { kind: 'ownHand' }
  | { kind: 'elsewhere'; holder: number }
  | { kind: 'onlyHolder' }
  | { kind: 'handFull' }
  | { kind: 'handNeedsAll' }
  | { kind: 'showedOne'; record: number }
  | { kind: 'accusedWrong'; record: number }
  | { kind: 'persists'; from: number };

interface Derived {
  has: boolean;
  why: Why;
  because: [number, number, number][];
}

/** The step-by-step reasons for a deduction's facts; `explain` answers for one fact. */
export class Reasons {
  readonly #model: Model;
  readonly #setup: NotebookSetup;
  readonly #records: readonly NotebookRecord[];
  readonly #edition: Edition;
  readonly #facts: (Derived | undefined)[];
  readonly #deduction: Deduction;

  constructor(setup: NotebookSetup, records: readonly NotebookRecord[], deduction: Deduction, edition: Edition = 'uk') {
    this.#model = deduction.model;
    this.#setup = setup;
    this.#records = records;
    this.#edition = edition;
    this.#deduction = deduction;
    this.#facts = deduction.contradiction ? [] : derive(deduction.model);
  }

  /** Facts the step-by-step reasoning found, for checking it against the exact count. */
  derived(): Fact[] {
    const out: Fact[] = [];
    this.#facts.forEach((d, i) => {
      if (d) out.push(this.#fact(i, d.has));
    });
    return out;
  }

  /** Why the fact holds; null when it does not follow from the records. */
  explain(fact: Fact): Explanation | null {
    const status = this.#deduction.status(fact.time, fact.card, fact.holder);
    if (status !== (fact.has ? 'has' : 'not')) return null;
    const m = this.#model;
    const c = m.cards.indexOf(fact.card);
    const h = m.holderIds.indexOf(fact.holder);
    const d = this.#facts[index(m, fact.time, c, h)];
    if (!d || d.has !== fact.has) {
      const records = this.#records.map((_, i) => i);
      return { fact, text: { key: 'notebook:why.search' }, records, because: [] };
    }
    return {
      fact,
      text: this.#text(fact, c, d),
      records: 'record' in d.why ? [d.why.record] : [],
      because: d.because.map(([t, cc, hh]) => this.#fact(index(m, t, cc, hh), this.#facts[index(m, t, cc, hh)]!.has))
    };
  }

  #fact(i: number, has: boolean): Fact {
    const m = this.#model;
    const H = m.holderIds.length;
    const N = m.cards.length;
    const h = i % H;
    const c = Math.floor(i / H) % N;
    const t = Math.floor(i / (H * N));
    return { card: m.cards[c], holder: m.holderIds[h], time: t, has };
  }

  #card(c: number): string {
    return cardNameId(this.#model.cards[c], this.#edition);
  }

  #name(h: number): string {
    const id = this.#model.holderIds[h];
    return isolate(this.#setup.players.find((p) => p.id === id)?.name ?? id);
  }

  /** Key with its holder's context: the base for a player, `_middle` or `_envelope` otherwise. */
  #holderText(key: string, h: number, params: Record<string, string | number>): Text {
    const m = this.#model;
    if (h === m.middle) return { key: `notebook:why.${key}_middle`, params };
    if (h === m.envelope) return { key: `notebook:why.${key}_envelope`, params };
    return { key: `notebook:why.${key}`, params: { ...params, holder: this.#name(h) } };
  }

  #text(fact: Fact, c: number, d: Derived): Text {
    const m = this.#model;
    const card = this.#card(c);
    const h = m.holderIds.indexOf(fact.holder);
    const why = d.why;
    const triple = (r: number) => {
      const rec = this.#records[r] as { cards: readonly string[] };
      const ids = rec.cards.map((x) => cardNameId(x as never, this.#edition));
      return { suspect: ids[0], weapon: ids[1], room: ids[2] };
    };
    switch (why.kind) {
      case 'ownHand':
        return { key: 'notebook:why.ownHand', params: { card } };
      case 'record': {
        const r = this.#records[why.record];
        if (r.kind === 'suggestion') {
          if (!fact.has) return { key: 'notebook:why.passed', params: { player: this.#name(h), ...triple(why.record) } };
          return { key: 'notebook:why.showedYou', params: { player: this.#name(h), card } };
        }
        if (r.kind === 'seen') return this.#holderText('seen', h, { card });
        if (r.kind === 'accusation') return { key: 'notebook:why.accusedRight', params: { player: this.#name(m.holderIds.indexOf(r.by)), ...triple(why.record) } };
        if (r.kind === 'dig') return { key: 'notebook:why.dug', params: { player: this.#name(m.holderIds.indexOf(r.by)), card } };
        return {
          key: 'notebook:why.given',
          params: { from: this.#name(m.holderIds.indexOf(r.from)), to: this.#name(m.holderIds.indexOf(r.to)), card }
        };
      }
      case 'elsewhere':
        return this.#holderText('elsewhere', why.holder, { card });
      case 'onlyHolder':
        return { key: 'notebook:why.onlyHolder', params: { card } };
      case 'handFull':
        return this.#holderText('handFull', h, { card, kind: CATEGORIES[m.category[c]] });
      case 'handNeedsAll':
        return this.#holderText('handNeedsAll', h, { card, kind: CATEGORIES[m.category[c]] });
      case 'showedOne': {
        const others = d.because.map(([, cc]) => this.#card(cc));
        return { key: 'notebook:why.showedOne', params: { player: this.#name(h), ...triple(why.record), a: others[0], b: others[1], card } };
      }
      case 'accusedWrong': {
        const r = this.#records[why.record] as { by: string };
        return { key: 'notebook:why.accusedWrong', params: { player: this.#name(m.holderIds.indexOf(r.by)), ...triple(why.record), card } };
      }
      case 'persists':
        return { key: 'notebook:why.persists', params: { card } };
    }
  }
}

const index = (m: Model, t: number, c: number, h: number) => (t * m.cards.length + c) * m.holderIds.length + h;

/** The step-by-step reasoning, to a fixed point. */
function derive(m: Model): (Derived | undefined)[] {
  const H = m.holderIds.length;
  const N = m.cards.length;
  const facts: (Derived | undefined)[] = new Array((m.T + 1) * N * H);
  let changed = true;
  const get = (t: number, c: number, h: number) => facts[index(m, t, c, h)];
  const set = (t: number, c: number, h: number, has: boolean, why: Why, because: [number, number, number][] = []) => {
    const i = index(m, t, c, h);
    if (facts[i]) return;
    facts[i] = { has, why, because };
    changed = true;
  };
  const is = (t: number, c: number, h: number, has: boolean) => get(t, c, h)?.has === has;

  for (const u of m.unary) set(u.time, u.card, u.holder, u.has, u.source === -1 ? { kind: 'ownHand' } : { kind: 'record', record: u.source });
  m.moves.forEach((mv, t) => {
    if (!mv || mv.card === -1) return;
    set(t, mv.card, mv.from, true, { kind: 'record', record: mv.record });
    set(t + 1, mv.card, mv.to, true, { kind: 'record', record: mv.record });
  });

  const envCats = CATEGORIES.map((_, k) => m.cards.map((_, c) => c).filter((c) => m.category[c] === k));
  // Hands whose cards are all known; hands with just enough possible cards. The envelope counts
  // per category: one suspect, one weapon, one room.
  const everyCard = m.cards.map((_, c) => c);
  const groups = (t: number): { h: number; cards: number[]; size: number }[] => {
    const out: { h: number; cards: number[]; size: number }[] = [];
    for (let h = 0; h < H; h++) {
      if (h === m.envelope) for (const cards of envCats) out.push({ h, cards, size: cards.length ? 1 : 0 });
      else out.push({ h, cards: everyCard, size: m.size[t][h] });
    }
    return out;
  };
  for (let round = 0; changed && round < 200; round++) {
    changed = false;
    for (let t = 0; t <= m.T; t++) {
      for (let c = 0; c < N; c++) {
        // A card is in one place only; the one place left for it.
        let holder = -1;
        const open: number[] = [];
        for (let h = 0; h < H; h++) {
          if (is(t, c, h, true)) holder = h;
          else if (!is(t, c, h, false)) open.push(h);
        }
        if (holder !== -1) for (let h = 0; h < H; h++) if (h !== holder) set(t, c, h, false, { kind: 'elsewhere', holder }, [[t, c, holder]]);
        if (holder === -1 && open.length === 1) {
          const because: [number, number, number][] = [];
          for (let h = 0; h < H; h++) if (h !== open[0]) because.push([t, c, h]);
          set(t, c, open[0], true, { kind: 'onlyHolder' }, because);
        }
      }
      for (const { h, cards, size } of groups(t)) {
        // Counted first: the lists are made only when a step applies (most of the time none does).
        let hasCount = 0;
        let maybeCount = 0;
        for (const c of cards) {
          const d = get(t, c, h);
          if (d?.has === true) hasCount++;
          if (d?.has !== false) maybeCount++;
        }
        if (hasCount === size && maybeCount > hasCount) {
          const has = cards.filter((c) => is(t, c, h, true));
          for (const c of cards) if (!is(t, c, h, true)) set(t, c, h, false, { kind: 'handFull' }, has.map((x) => [t, x, h]));
        }
        if (maybeCount === size && maybeCount > hasCount) {
          const maybe = cards.filter((c) => !is(t, c, h, false));
          const not = cards.filter((c) => is(t, c, h, false));
          for (const c of maybe) set(t, c, h, true, { kind: 'handNeedsAll' }, not.map((x) => [t, x, h]));
        }
      }
    }
    // The one card a player can have shown; a wrong accusation with two cards in the envelope.
    for (const cl of m.clauses) {
      const t = cl.time;
      const want = cl.positive;
      const settled = cl.cards.filter((c) => is(t, c, cl.holder, !want));
      const left = cl.cards.filter((c) => !is(t, c, cl.holder, !want));
      if (left.length === 1 && settled.length === cl.cards.length - 1)
        set(t, left[0], cl.holder, want, { kind: want ? 'showedOne' : 'accusedWrong', record: cl.source }, settled.map((x) => [t, x, cl.holder]));
    }
    // Carried over time while nothing could change it: a hand keeps a card until a move takes
    // one from it, and lacks a card until a move brings one to it.
    for (let t = 0; t < m.T; t++) {
      const mv = m.moves[t];
      for (let c = 0; c < N; c++)
        for (let h = 0; h < H; h++) {
          const touches = (side: 'from' | 'to') => !!mv && mv[side] === h && (mv.card === -1 || mv.card === c);
          const now = get(t, c, h);
          const next = get(t + 1, c, h);
          if (now && !next && (now.has ? !touches('from') : !touches('to'))) set(t + 1, c, h, now.has, { kind: 'persists', from: t }, [[t, c, h]]);
          if (next && !now && (next.has ? !touches('to') : !touches('from'))) set(t, c, h, next.has, { kind: 'persists', from: t + 1 }, [[t + 1, c, h]]);
        }
    }
  }
  return facts;
}

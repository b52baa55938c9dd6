/**
 * Why a fact holds, in words a player can check against the table: the records and the earlier
 * facts it comes from ("Ben showed a card for Plum, Rope or Study and has neither Plum nor Rope,
 * so it was the Study").
 *
 * The exact count (`solver.ts`) decides what is true; this module finds a short reason for it by
 * the steps a careful player would take (each a function in `derive.ts`), repeated until nothing
 * new follows, plainest first (a later kind is tried only once the earlier ones found all they
 * can): what a record says
 * outright, a card is in one place only, what a move of an unseen card tells (the card that left
 * the giver is the one the receiver got; the receiver got nothing the giver lacked), a fact
 * carried over time while no move could change it; then the one place left for a card, a hand
 * whose cards are all known, a hand with just enough possible cards, the one card a player can
 * have shown, a wrong accusation with two of its cards in the envelope; then a hand taken up by
 * the cards it showed (or that needs one card to answer them all), and two players whose shown
 * cards can only be the same two. Each fact rests on facts found before it, so the reasons never
 * go round in a circle. A fact carried over time is explained by the step that first found it,
 * with that time. A fact no step finds is explained by the fewest records that force it, found
 * by forgetting records one at a time while no deal breaking the fact fits the rest.
 */
import type { Text } from '../../engine/types';
import { isolate } from '../../engine/names';
import { CATEGORIES, cardNameId, type Edition } from '../cluedo-cards';
import { anyWorld } from './count';
import { derive, index, type Clash, type Derived } from './derive';
import { buildModel, type Model } from './model';
import { movesCard, type NotebookRecord, type NotebookSetup } from './records';
import type { Deduction, Fact } from './solver';

export interface Explanation {
  fact: Fact;
  text: Text;
  /** Records it comes from, by index. */
  records: number[];
  /** Facts it comes from, each explainable in turn. */
  because: Fact[];
  /**
   * When the step that decided it found it at another time, and it has held since (or until)
   * then because no move could change it: that time.
   */
  since?: number;
}

/** At most this many counts to find the records that force a fact no single step finds. */
const FORCING_BUDGET = 48;

/**
 * And at most this many steps of the search for a world in all (`anyWorld`): past it, the
 * records not yet tried are named too. They still force the fact together; the list is only
 * longer than it might be.
 */
const FORCING_WORK = 400_000;

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
    let d = this.#facts[index(m, fact.time, c, h)];
    if (!d || d.has !== fact.has) {
      const records = this.#forcing(fact, c, h);
      const text: Text = records.length ? { key: 'notebook:why.together', params: { records: records.map((r) => r + 1).join(', ') } } : { key: 'notebook:why.together_none' };
      return { fact, text, records, because: [] };
    }
    // A fact carried over time is explained by the step that first found it, at its time.
    let time = fact.time;
    while (d.why.kind === 'persists') {
      time = d.because[0][0];
      d = this.#facts[index(m, time, c, h)]!;
    }
    return {
      fact,
      text: this.#text({ ...fact, time }, c, d),
      records: 'record' in d.why ? [d.why.record] : 'records' in d.why ? d.why.records : [],
      because: d.because
        .filter(([, , hh]) => !this.#noMiddle(hh))
        .map(([t, cc, hh]) => this.#fact(index(m, t, cc, hh), this.#facts[index(m, t, cc, hh)]!.has)),
      ...(time !== fact.time && { since: time })
    };
  }

  /** Plain Cluedo has no middle: facts about it are never worth saying. */
  #noMiddle(h: number): boolean {
    return h === this.#model.middle && this.#setup.middle === 0;
  }

  /**
   * The records that force a fact no single step finds: latest first, each record is forgotten
   * while the records left still rule out every deal that breaks the fact (as the search for a
   * contradiction's records does). A move is kept whatever (only its card is forgotten).
   *
   * Each record forgotten that way costs a whole count with no world to find, the dearest kind
   * (tens of milliseconds on a heavy Kloo Doo notebook). So the steps go first: assuming the
   * opposite of the fact, they usually reach a clash, and the records that clash rests on are
   * enough; every other record is forgotten at once (when the steps still reach the clash without
   * them), and only those few are tried one at a time.
   */
  #forcing(fact: Fact, c: number, h: number): number[] {
    const told = (i: number) => !(movesCard(this.#records[i]) && this.#records[i].card === undefined);
    const all = this.#records.map((_, i) => i).filter(told);
    const opposite = (forgotten: ReadonlySet<number>) => {
      const model = buildModel(this.#setup, this.#records, forgotten);
      model.unary.push({ card: c, holder: h, time: fact.time, has: !fact.has, source: -1 });
      return model;
    };
    const searches = { work: FORCING_WORK };
    const forced = (forgotten: ReadonlySet<number>) => anyWorld(opposite(forgotten), searches) === false;
    const forgotten = new Set<number>();
    const proof = clashRecords(opposite(forgotten));
    let candidates = all;
    if (proof) {
      const rest = new Set(all.filter((i) => !proof.has(i)));
      const stepsStill = clashRecords(opposite(rest));
      if (stepsStill || forced(rest)) {
        for (const i of rest) forgotten.add(i);
        candidates = all.filter((i) => proof.has(i));
      }
    }
    let budget = FORCING_BUDGET;
    for (let k = candidates.length - 1; k >= 0 && budget > 0; k--, budget--) {
      forgotten.add(candidates[k]);
      if (proof && clashRecords(opposite(forgotten))) continue;
      if (!forced(forgotten)) forgotten.delete(candidates[k]);
    }
    return all.filter((i) => !forgotten.has(i));
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
          if (r.showed !== undefined && h === m.owner) return { key: 'notebook:why.youShowed', params: { card } };
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
        if (h === m.middle && m.size[fact.time][h] === 0) return { key: 'notebook:why.middleEmpty', params: { card } };
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
      case 'sharedPair':
        return this.#holderText('sharedPair', h, {
          card,
          a: this.#name(why.players[0]),
          b: this.#name(why.players[1]),
          x: this.#card(why.cards[0]),
          y: this.#card(why.cards[1]),
          records: why.records.map((r) => r + 1).join(', ')
        });
      case 'handCovered':
      case 'handNeedsCard':
        return {
          key: `notebook:why.${why.kind}`,
          params: { holder: this.#name(h), card, count: m.size[fact.time][h], records: why.records.map((r) => r + 1).join(', ') }
        };
      case 'movedOut':
      case 'movedIn':
      case 'notGiven':
      case 'hadIt':
      case 'keptOut': {
        const mv = m.moves[why.record]!;
        const params = { card, number: why.record + 1, to: this.#name(mv.to) };
        if (mv.from === m.middle) return { key: `notebook:why.${why.kind}_middle`, params };
        return { key: `notebook:why.${why.kind}`, params: { ...params, from: this.#name(mv.from) } };
      }
    }
  }
}

/**
 * The records the steps' clash rests on, on a model with no world (a record's index for each
 * step that reads one, through every fact the clash comes from); null when the steps do not
 * reach a clash.
 */
function clashRecords(m: Model): Set<number> | null {
  const clash: Clash[] = [];
  const facts = derive(m, clash);
  if (!clash.length) return null;
  const out = new Set<number>();
  const seen = new Set<number>();
  const visit = (i: number) => {
    if (seen.has(i)) return;
    seen.add(i);
    const d = facts[i];
    if (!d) return;
    const why = d.why;
    if ('record' in why) out.add(why.record);
    if ('records' in why) for (const r of why.records) out.add(r);
    for (const [bt, bc, bh] of d.because) visit(index(m, bt, bc, bh));
  };
  const first = clash[0];
  if (first.at >= 0) visit(first.at);
  for (const [bt, bc, bh] of first.because) visit(index(m, bt, bc, bh));
  out.delete(-1);
  return out;
}

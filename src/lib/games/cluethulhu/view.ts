/**
 * Reading a Cluethulhu snapshot as the screens show it: the step (what the Keeper reads
 * aloud, what only the Keeper sees, what answer it takes), the players with their cards and
 * marks, the outcome and the log. Text is i18n keys in the `cluethulhu` namespace.
 */
import type { SnapshotFrom, AnyStateMachine } from 'xstate';
import { dealStep, playerView, stageOf, viewOf } from '../../engine/common';
import type { Corrections, GameView, Mark, PlayerView } from '../../engine/game';
import { nameList } from '../../engine/names';
import type { AnswerSpec, Fact, PlayerId, Step, Text } from '../../engine/types';
import { aliveIds, holder, isDetained, majority, player, roleChoices, sideCounts, tokenHolder, tokenRules, TOKENS, votesPossible, type Ctx } from './rules';
import { callProgress } from '../../engine/progress';
import { DAY_ORDER, NIGHT_ORDER, plan, SLOT_OF, stepMode, type Mode, type Slot } from './sequence';
import { pendingAnswerable } from './machine';

const k = (key: string, params?: Text['params']): Text => ({ key: `cluethulhu:${key}`, params });
/** Only the Keeper may know it: off the screen on an eyes-open step unless held (`Fact`). */
const secret = (t: Text): Fact => ({ ...t, secret: true });
// Role ids travel as parameters; the strings nest the name: $t(cluethulhu:roles.{{role}}.name).
const roleName = (role: string): string => role;
// Each name isolated, so a right-to-left name cannot reorder the list (engine/names.ts).
const names = (ctx: Ctx, ids: PlayerId[]) => nameList(ids.map((id) => player(ctx, id).name));

/** The state the script is in: a step key, or the stage. */
export function stepKey(snapshot: SnapshotFrom<AnyStateMachine>): string | null {
  const v = snapshot.value as string | Record<string, unknown>;
  if (typeof v === 'string') {
    if (v === 'interrupt') return (snapshot.context as Ctx).pending[0]?.kind ?? null;
    return v === 'dealing' ? 'dealing' : null;
  }
  const play = v.play as Record<string, string> | undefined;
  if (!play) return null;
  return play.day ?? play.night ?? null;
}

interface Draft {
  role?: string;
  prompt: Text;
  announce?: Text[];
  after?: Text;
  hints?: Fact[];
  answer?: AnswerSpec;
  eyesClosed?: boolean;
  timer?: number;
  /** A card to show to a role, when the app dealt (`Step.showCard`). */
  showCard?: Step['showCard'];
}

const none: AnswerSpec = { kind: 'none' };
const pickOne = (candidates: PlayerId[], extra: Partial<Extract<AnswerSpec, { kind: 'players' }>> = {}): AnswerSpec => ({
  kind: 'players',
  min: 1,
  max: 1,
  candidates,
  ...extra
});

/**
 * Announcements of who is out since the last one, by fate, then other notices. Never the
 * tablet: the arrested and the murdered leave without revealing it, and an absorbed
 * Investigator is said to be a plain "Investigator", whatever the special role (guide, "Night
 * time – if the Shoggoth is murdered"); only the name goes into the text, so no translation
 * can let the tablet slip.
 */
function announcements(ctx: Ctx): Text[] {
  return [
    ...ctx.out.map((id) => {
      const p = player(ctx, id);
      const key = p.fate === 'absorbed' && p.side === 'investigators' ? 'absorbedInvestigator' : p.fate;
      return k(`announce.${key}`, { name: p.name });
    }),
    ...ctx.notices
  ];
}

/** A role's call played as a bluff or to a detained player: read the call, nothing happens. */
function notActing(ctx: Ctx, role: string, mode: Mode, prompt: Text): Draft {
  const who = holder(ctx, role as never);
  return {
    role,
    prompt,
    hints: [mode === 'detained' ? k('hints.detained', { name: who?.name ?? '' }) : k('hints.pretend', { role: roleName(role) })],
    answer: none
  };
}

/** What each step's draft reads: the game, the living players, and how the call is played. */
interface Here {
  ctx: Ctx;
  alive: PlayerId[];
  othersThan: (id: PlayerId | undefined) => PlayerId[];
  mode: Mode;
}
type DraftOf = (h: Here) => Draft;

/**
 * A role's call that may be a bluff or fall to a detained player: read as `notActing` then
 * (with the call's closing line, when it has one), as `act` when the role really acts.
 */
const roleCall =
  (role: string, prompt: string, after: string | undefined, act: DraftOf): DraftOf =>
  (h) =>
    h.mode !== 'act' ? { ...notActing(h.ctx, role, h.mode, k(prompt)), ...(after ? { after: k(after) } : {}) } : act(h);

/** A role asked whether it uses its power tonight: nod or shake the head. */
const nodOrShake = (role: string): DraftOf =>
  roleCall(role, `steps.${role}.prompt`, `steps.${role}.after`, ({ ctx }) => ({
    role,
    prompt: k(`steps.${role}.prompt`),
    after: k(`steps.${role}.afterNo`),
    hints: [k(`hints.${role}`, { name: holder(ctx, role as never)!.name })],
    answer: { kind: 'yesno', yes: k('answers.nods'), no: k('answers.shakesHead') }
  }));

/**
 * The Wizard's or the Detective's call: pick one living player or nobody, the one chosen last
 * time marked for the Keeper (`freed`: the Detective's hint that last night's detainee is free).
 */
function choosesOne(ctx: Ctx, alive: PlayerId[], role: 'wizard' | 'detective', last: PlayerId | null, freed: Text[] = []): Draft {
  const hints = [k(`hints.${role}.who`, { name: holder(ctx, role)!.name }), ...freed];
  const marks: Record<PlayerId, Fact> = {};
  if (last && player(ctx, last).alive) {
    hints.push(k(`hints.${role}.last`, { name: player(ctx, last).name }));
    marks[last] = secret(k('marks.chosenLastTime'));
  }
  return {
    role,
    prompt: k(`steps.${role}.prompt`),
    after: k(`steps.${role}.after`),
    hints,
    answer: { kind: 'players', min: 0, max: 1, candidates: alive, marks, none: k('answers.noChoice') }
  };
}

// ------------------------------------------------------------ Day

const DAY_STEPS: Record<string, DraftOf> = {
  // A bluff reads like the real call, closing line included (the real one closes on the doll's hand-over).
  evilChild: roleCall('evilChild', 'steps.evilChild.choose', 'steps.evilChild.after', ({ ctx, alive, othersThan }) => {
    const child = holder(ctx, 'evilChild');
    const holderAlive = ctx.doll && player(ctx, ctx.doll).alive ? ctx.doll : null;
    if (!holderAlive)
      return {
        role: 'evilChild',
        prompt: k('steps.evilChild.choose'),
        hints: [k('hints.evilChild.choose', { name: child!.name })],
        answer: pickOne(alive)
      };
    return {
      role: 'evilChild',
      prompt: k('steps.evilChild.pass'),
      hints: [k('hints.evilChild.pass', { name: player(ctx, holderAlive).name })],
      answer: pickOne(othersThan(holderAlive))
    };
  }),
  dollHandOver: ({ ctx }) => ({
    role: 'evilChild',
    prompt: ctx.dollFrom ? k('steps.dollHandOver.pass', { name: player(ctx, ctx.doll!).name }) : k('steps.dollHandOver.first', { name: player(ctx, ctx.doll!).name }),
    hints: [k('hints.dollHandOver', { name: player(ctx, ctx.doll!).name })]
  }),
  wizard: roleCall('wizard', 'steps.wizard.prompt', 'steps.wizard.after', ({ ctx, alive }) => choosesOne(ctx, alive, 'wizard', ctx.wizardLast)),
  wizardFails: ({ ctx }) => ({
    role: 'wizard',
    prompt: k('steps.wizardFails.prompt'),
    after: k('steps.wizard.after'),
    hints: [k('hints.wizardFails', { name: player(ctx, ctx.wizardLast!).name })]
  }),
  detective: roleCall('detective', 'steps.detective.prompt', 'steps.detective.after', ({ ctx, alive }) =>
    choosesOne(ctx, alive, 'detective', ctx.detectiveLast, ctx.detained ? [k('hints.detective.freed', { name: player(ctx, ctx.detained).name })] : [])
  ),
  detectiveInvalid: () => ({
    role: 'detective',
    prompt: k('steps.detectiveInvalid.prompt'),
    after: k('steps.detective.afterInvalid'),
    hints: [k('hints.detectiveInvalid')]
  }),
  investigatorsVote: ({ ctx, alive }) => {
    const inv = ctx.players.filter((p) => p.alive && p.side === 'investigators');
    const hints: Fact[] = [k('hints.investigators.who', { names: nameList(inv.map((p) => p.name)), count: inv.length })];
    const held = inv.find((p) => isDetained(ctx, p.id));
    if (held) hints.push(k('hints.investigators.detained', { name: held.name }));
    hints.push(k('hints.investigators.unanimous'));
    return {
      role: 'investigators',
      prompt: k('steps.investigatorsVote.prompt'),
      hints,
      timer: 60,
      answer: { kind: 'players', min: 0, max: 1, candidates: alive, none: k('answers.noTarget') }
    };
  },
  investigatorsSleep: ({ ctx }) => ({
    role: 'investigators',
    prompt: ctx.arrestTarget ? k('steps.investigatorsSleep.prompt') : k('steps.investigatorsSleep.noTarget')
  }),
  investigatorsArrest: ({ ctx }) => {
    const t = ctx.arrestTarget ? player(ctx, ctx.arrestTarget) : null;
    let hint = k('hints.arrest.nobody');
    if (t && ctx.protected === t.id) hint = k('hints.arrest.protected', { name: t.name });
    else if (t) hint = k('hints.arrest.tap', { name: t.name });
    const hints: Fact[] = [hint];
    if (t && ctx.protected !== t.id && t.role === 'shoggoth' && !t.powerless && !ctx.ritual && !isDetained(ctx, t.id))
      hints.push(k('hints.arrest.shoggoth', { name: t.name }));
    return { role: 'investigators', prompt: k('steps.investigatorsArrest.prompt'), hints };
  },
  mother: nodOrShake('mother'),
  motherPick: ({ alive }) => ({
    role: 'mother',
    prompt: k('steps.motherPick.prompt'),
    hints: [k('hints.motherPick')],
    answer: { kind: 'players', min: 2, max: 2, candidates: alive }
  }),
  siblingsWake: ({ ctx }) => {
    const [a, b] = ctx.siblings!;
    return { role: 'mother', prompt: k('steps.siblingsWake.prompt'), hints: [k('hints.siblingsWake', { a: player(ctx, a).name, b: player(ctx, b).name })] };
  },
  psychiatrist: nodOrShake('psychiatrist'),
  psychiatristPick: ({ ctx, othersThan }) => ({
    role: 'psychiatrist',
    prompt: k('steps.psychiatristPick.prompt'),
    answer: pickOne(othersThan(holder(ctx, 'psychiatrist')?.id))
  }),
  psychiatristSwap: ({ ctx }) => {
    const t = player(ctx, ctx.dayTarget!);
    return { role: 'psychiatrist', prompt: k('steps.psychiatristSwap.prompt'), hints: [k('hints.psychiatristSwap', { name: t.name, role: roleName(t.role) })] };
  },
  tchoTcho: roleCall('tchoTcho', 'steps.tchoTcho.prompt', 'steps.tchoTcho.after', ({ ctx, othersThan }) => ({
    role: 'tchoTcho',
    prompt: k('steps.tchoTcho.prompt'),
    hints: [k('hints.tchoTcho', { name: holder(ctx, 'tchoTcho')!.name })],
    answer: pickOne(othersThan(holder(ctx, 'tchoTcho')!.id))
  })),
  tchoTchoShow: ({ ctx }) => {
    const t = player(ctx, ctx.dayTarget!);
    return {
      role: 'tchoTcho',
      prompt: k('steps.tchoTchoShow.prompt'),
      after: k('steps.tchoTcho.after'),
      hints: [k('hints.tchoTchoShow', { name: t.name, role: roleName(t.powerless ? 'yithianCard' : t.role) })],
      ...(ctx.setup.deal.mode === 'app' ? { showCard: { player: t.id, to: k('roles.tchoTcho.name') } } : {})
    };
  },
  traitor: roleCall('traitor', 'steps.traitor.prompt', undefined, ({ ctx }) => ({
    role: 'traitor',
    prompt: k('steps.traitor.prompt'),
    hints: [k('hints.traitor', { name: holder(ctx, 'traitor')!.name })],
    answer: { kind: 'yesno', yes: k('answers.holdsUp'), no: k('answers.keeps') }
  })),
  yithian: nodOrShake('yithian'),
  yithianPick: ({ ctx, othersThan }) => ({
    role: 'yithian',
    prompt: k('steps.yithianPick.prompt'),
    hints: [k('hints.yithianPick')],
    answer: pickOne(othersThan(holder(ctx, 'yithian')?.id))
  }),
  yithianSwap: ({ ctx }) => {
    const t = player(ctx, ctx.dayTarget!);
    const y = player(ctx, ctx.dayActor!);
    return {
      role: 'yithian',
      prompt: k('steps.yithianSwap.prompt'),
      hints: [k('hints.yithianSwap', { target: t.name, yithian: y.name, role: roleName(y.role) })]
    };
  }
};

// ------------------------------------------------------------ Night

/** What the result step says of the vote's target (or of no target). */
function resultPrompt(ctx: Ctx): Text {
  const r = ctx.vote?.result;
  if (r && 'target' in r) {
    const t = player(ctx, r.target);
    if (r.spared) return k('steps.result.spared', { name: t.name });
    if (t.alive) return k('steps.result.absorbed', { name: t.name });
    // The Shoggoth absorbed an Investigator: both die, and the Keeper says so.
    if (t.fate === 'vial') return k('steps.result.absorbedInvestigator', { name: t.name });
    return k('steps.result.murdered', { name: t.name });
  }
  if (ctx.vote && ctx.vote.accused.length) return k('steps.result.deadlock');
  return k('steps.result.noAccusation');
}

const NIGHT_STEPS: Record<string, DraftOf> = {
  wake: ({ ctx }) => ({
    prompt: k('steps.wake.prompt'),
    announce: announcements(ctx),
    hints: [k(ctx.phase.number === 1 ? 'hints.wake.first' : 'hints.wake.later')],
    eyesClosed: false
  }),
  highPriest: ({ ctx, alive }) => {
    // "All vote": one vote per living player who may vote; a detainee may not.
    const voters = votesPossible(ctx);
    const hints: Fact[] = [k('hints.highPriest')];
    // Who is detained is the Detective's secret: the Keeper tapped them with every eye closed.
    if (ctx.detained && player(ctx, ctx.detained).alive) hints.push(secret(k('hints.vote.detained', { name: player(ctx, ctx.detained).name })));
    return {
      prompt: k('steps.highPriest.prompt'),
      hints,
      eyesClosed: false,
      answer: { kind: 'tally', options: alive, max: voters, total: { rule: 'exactly', n: voters } }
    };
  },
  highPriestTie: ({ ctx }) => ({
    prompt: k('steps.highPriestTie.prompt', { names: names(ctx, ctx.highPriestTie) }),
    hints: [k('hints.highPriestTie')],
    eyesClosed: false,
    answer: pickOne(ctx.highPriestTie, { random: true })
  }),
  ritual: ({ ctx }) => {
    const { investigators, cult } = sideCounts(ctx);
    return {
      prompt: k('steps.ritual.prompt'),
      announce: announcements(ctx),
      // The Ritual is declared before everyone; the sides' counts behind it are the Keeper's.
      hints: [secret(k('hints.ritual', { cult, investigators }))],
      eyesClosed: false
    };
  },
  // The book sets no limit; five minutes keeps a table of seven to twenty moving, and the
  // Keeper adjusts it on screen.
  discussion: () => ({ prompt: k('steps.discussion.prompt'), hints: [k('hints.discussion')], eyesClosed: false, timer: 300 }),
  accusation: ({ alive }) => ({
    prompt: k('steps.accusation.prompt'),
    hints: [k('hints.accusation')],
    eyesClosed: false,
    answer: { kind: 'players', min: 0, max: alive.length, candidates: alive, none: k('answers.noAccusation') }
  }),
  vote: ({ ctx }) => {
    const v = ctx.vote!;
    const hints: Fact[] = [k('hints.vote.majority', { need: majority(ctx), total: votesPossible(ctx) })];
    if (ctx.highPriest && player(ctx, ctx.highPriest).alive) hints.push(k('hints.vote.highPriest', { name: player(ctx, ctx.highPriest).name }));
    if (ctx.detained) hints.push(secret(k('hints.vote.detained', { name: player(ctx, ctx.detained).name })));
    if (v.round > 1) hints.push(k('hints.vote.round', { round: v.round }));
    return {
      prompt: k('steps.vote.prompt', { names: names(ctx, v.options) }),
      hints,
      eyesClosed: false,
      answer: { kind: 'tally', options: v.options, max: votesPossible(ctx) }
    };
  },
  noMajority: () => ({
    prompt: k('steps.noMajority.prompt'),
    hints: [k('hints.noMajority')],
    eyesClosed: false,
    answer: { kind: 'yesno', yes: k('answers.voteAgain'), no: k('answers.deadlock') }
  }),
  result: ({ ctx }) => {
    const r = ctx.vote?.result;
    const out = r && 'target' in r ? ctx.out.filter((id) => id !== r.target) : ctx.out;
    return { prompt: resultPrompt(ctx), announce: announcements({ ...ctx, out }), after: k('steps.result.after'), eyesClosed: false };
  }
};

// ------------------------------------------------------------ consequences

const CONSEQUENCE_STEPS: Record<string, DraftOf> = {
  shoggothAbsorb: ({ ctx, othersThan }) => {
    const item = ctx.pending[0] as Extract<Ctx['pending'][number], { kind: 'shoggothAbsorb' }>;
    const s = player(ctx, item.shoggoth);
    // Who is protected and who is an Investigator stay the Keeper's, even when the Shoggoth
    // absorbs by Night with every eye open: the Keeper says only what the absorb did.
    const marks: Record<PlayerId, Fact> = {};
    const covers: Record<PlayerId, string[]> = {};
    for (const p of ctx.players) {
      if (!p.alive || p.id === s.id) continue;
      // "Protected: the absorb fails" says the player's own "Protected" too.
      if (ctx.protected === p.id) {
        marks[p.id] = secret(k('marks.absorbFails'));
        covers[p.id] = ['protected'];
      } else if (p.side === 'investigators') marks[p.id] = secret(k('marks.bothDie'));
    }
    return {
      role: 'shoggoth',
      prompt: k(ctx.phase.kind === 'day' ? 'steps.shoggothAbsorb.day' : 'steps.shoggothAbsorb.night', { name: s.name }),
      hints: [k('hints.shoggothAbsorb', { name: s.name })],
      eyesClosed: ctx.phase.kind === 'day',
      answer: { kind: 'players', min: 0, max: 1, candidates: othersThan(s.id), marks, covers, none: k('answers.noAbsorb') }
    };
  },
  highPriestSuccessor: ({ ctx, othersThan }) => {
    const item = ctx.pending[0] as Extract<Ctx['pending'][number], { kind: 'highPriestSuccessor' }>;
    return {
      prompt: k('steps.highPriestSuccessor.prompt', { name: player(ctx, item.from).name }),
      hints: [k('hints.highPriestSuccessor')],
      eyesClosed: false,
      answer: pickOne(othersThan(item.from))
    };
  }
};

/** Every step of the book, found by its key. */
const STEPS: Record<string, DraftOf> = { ...DAY_STEPS, ...NIGHT_STEPS, ...CONSEQUENCE_STEPS };

function draft(ctx: Ctx, key: string): Draft {
  const of = Object.hasOwn(STEPS, key) ? STEPS[key] : undefined;
  if (!of) throw new Error(`No step for ${key}`);
  const alive = aliveIds(ctx);
  return of({ ctx, alive, othersThan: (id) => alive.filter((a) => a !== id), mode: stepMode(ctx, key) });
}

/** The day's slots that are one role's call, named after it. */
const ROLE_NAMES = new Set<string>(DAY_ORDER.filter((s) => s !== 'investigators'));

export function currentStep(ctx: Ctx, key: string): Step {
  const d = draft(ctx, key);
  const slot = SLOT_OF[key];
  // Progress: the slots as planned when the phase started (engine/progress.ts); before its first
  // answer, or in a game stored before the plan was kept, those called and those still ahead.
  const order: readonly string[] = ctx.phase.kind === 'day' ? DAY_ORDER : NIGHT_ORDER;
  const now = plan(ctx);
  const here = slot ? order.indexOf(slot) : -1;
  const planned = ctx.planned ?? order.filter((s, i) => ctx.visited.includes(s) || s === slot || (i > here && now.includes(s as Slot)));
  // A consequence (no slot of its own) is shown as an extra step before the next call (after the
  // last one once the plan is done): the plan's length does not change for it.
  const consequence = key === 'shoggothAbsorb' || key === 'highPriestSuccessor';
  const counted = callProgress({ planned, order, visited: ctx.visited, here: consequence ? null : (slot ?? null) });
  const { index, total } = counted;
  const extra = counted.extra;
  // A call's later steps say which part of it they are, so no two steps read the same.
  const part = slot && ctx.visited.at(-1) === slot ? (ctx.parts ?? 1) + 1 : undefined;
  const hints = d.hints ?? [];
  // The book's phase names are inverted: say so once, on the first step of each.
  if (ctx.phase.number === 1 && ctx.visited.length === 0)
    hints.unshift(k(ctx.phase.kind === 'day' ? 'hints.dayIsDark' : 'hints.nightIsOpen'));
  const mode = stepMode(ctx, key);
  const eyesClosed = d.eyesClosed ?? ctx.phase.kind === 'day';
  // Slots passed over are named (by role) only while eyes are closed; otherwise only counted.
  const passedSlots = counted.passed ?? [];
  const names = passedSlots.map((s) => (s === 'investigators' ? k('sides.investigators') : ROLE_NAMES.has(s) ? k(`roles.${s}.name`) : null));
  const passed =
    passedSlots.length === 0
      ? undefined
      : eyesClosed && names.every((n) => n !== null)
        ? { count: passedSlots.length, names: names as Text[] }
        : { count: passedSlots.length };
  return {
    id: `${ctx.phase.kind}.${key}`,
    // The Investigators are called as a side, every other call as a role.
    role: d.role ? k(d.role === 'investigators' ? 'sides.investigators' : `roles.${d.role}.name`) : undefined,
    prompt: d.prompt,
    announce: d.announce?.length ? d.announce : undefined,
    after: d.after,
    hints,
    answer: d.answer ?? none,
    pretend: mode === 'pretend' || undefined,
    eyesClosed,
    timer: d.timer,
    progress: { index, total, ...(extra ? { extra } : part ? { part } : {}), ...(passed ? { passed } : {}) },
    ...(d.showCard ? { showCard: d.showCard } : {})
  };
}

// ---------------------------------------------------------------- players and the whole view

function marksOf(ctx: Ctx, id: PlayerId): Mark[] {
  const out: Mark[] = [];
  if (ctx.highPriest === id) out.push({ id: 'highPriest', text: k('marks.highPriest'), secret: false });
  if (ctx.doll === id && holder(ctx, 'evilChild')?.alive) out.push({ id: 'doll', text: k('marks.doll'), secret: false });
  if (ctx.detained === id) out.push({ id: 'detained', text: k('marks.detained'), secret: true });
  if (ctx.protected === id) out.push({ id: 'protected', text: k('marks.protected'), secret: true });
  if (ctx.siblings?.includes(id)) out.push({ id: 'sibling', text: k('marks.sibling'), secret: true });
  // Guide, "Secrecy": the Shoggoth shows its tablet when it first absorbs; everyone knows it from then on.
  if (ctx.revealed.includes(id)) out.push({ id: 'revealed', text: k('marks.revealedShoggoth'), secret: false });
  return out;
}

export function players(ctx: Ctx): PlayerView[] {
  return ctx.players.map((p) => {
    const card = p.powerless ? 'yithianCard' : p.role;
    const face = { role: k(`roles.${card}.name`), side: k(`sides.${p.side}`), ability: k(`roles.${card}.ability`), tone: p.side };
    return playerView(p, p.fate ? k(`fate.${p.fate}`) : undefined, face, marksOf(ctx, p.id));
  });
}

/**
 * What the Keeper's override may correct (docs/RULES.md, "The Keeper's corrections"): the doll and
 * the High Priest's token (public: "can be shown at any time"), any player's tablet, a player
 * leaving. A latecomer cannot join once the tablets are dealt.
 */
export function corrections(ctx: Ctx): Corrections {
  return {
    tokens: TOKENS.map((id) => ({ id, name: k(`marks.${id}`), holder: tokenHolder(ctx, id), secret: false, ...tokenRules(ctx, id) })),
    roles: roleChoices(ctx),
    leave: k('corrections.leave'),
    latecomer: k('corrections.latecomer')
  };
}

export function view(snapshot: SnapshotFrom<AnyStateMachine>): GameView {
  const ctx = snapshot.context as Ctx;
  const key = stepKey(snapshot);
  const stage = stageOf(snapshot);
  // The Ritual and the High Priest are declared before everyone; the sides' counts are the Keeper's alone.
  const facts: Fact[] = [];
  if (ctx.ritual) facts.push(k('facts.ritual', { night: ctx.ritualNight ?? 0 }));
  if (ctx.highPriest) facts.push(k('facts.highPriest', { name: player(ctx, ctx.highPriest).name }));
  const { investigators, cult } = sideCounts(ctx);
  facts.push({ ...k('facts.sides', { investigators, cult }), secret: true });
  let step: Step | null = null;
  if (stage === 'play' && key && key !== 'dealing' && !(key === 'highPriestSuccessor' && !pendingAnswerable(ctx))) step = currentStep(ctx, key);
  if (stage === 'dealing') step = dealStep(ctx, (name) => k('steps.deal.prompt', { name }));
  return { ...viewOf(ctx, stage, step, players(ctx)), facts, ...(stage === 'play' ? { corrections: corrections(ctx) } : {}) };
}

/**
 * Nothing the moderator alone knows is on screen while the players' eyes are open: the secret
 * hints, facts, the players' secret marks and the step's secret marks are not in the page until
 * the moderator holds to see them, and go when the finger lifts. With eyes closed they are shown
 * as they are. And each game marks as secret what its book keeps secret, on every eyes-open
 * step of whole games.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { GameView } from '$lib/engine/game';
import type { AnswerSpec, Fact, Step } from '$lib/engine/types';
import ScriptView from '$lib/ui/ScriptView.svelte';
import { player, step, view } from './fixtures';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});

afterEach(() => {
  vi.useRealTimers();
});

const pick: AnswerSpec = { kind: 'players', min: 1, max: 1, candidates: ['a', 'b'] };
const FACTS: Fact[] = [
  { key: 'cluethulhu:facts.highPriest', params: { name: 'Bob' } },
  { key: 'cluethulhu:facts.sides', params: { investigators: 2, cult: 3 }, secret: true }
];
const SIDES = () => i18n.t('cluethulhu:facts.sides', { investigators: 2, cult: 3 });
const PROTECTED = () => i18n.t('cluethulhu:marks.protected');
const PRIEST = () => i18n.t('cluethulhu:facts.highPriest', { name: 'Bob' });

const HINTS: Fact[] = [
  { key: 'cluethulhu:hints.discussion' },
  { key: 'cluethulhu:hints.ritual', params: { cult: 3, investigators: 2 }, secret: true }
];
const COUNTS = () => i18n.t('cluethulhu:hints.ritual', { cult: 3, investigators: 2 });
const BOTH_DIE = () => i18n.t('cluethulhu:marks.bothDie');
const HOLD = () => i18n.t('common:script.holdForSecrets');
/** The absorb's marks: Ada an Investigator (secret), Bob's public step mark. */
const absorb: AnswerSpec = {
  kind: 'players',
  min: 0,
  max: 1,
  candidates: ['a', 'b'],
  marks: { a: { key: 'cluethulhu:marks.bothDie', secret: true }, b: { key: 'cluethulhu:marks.chosenLastTime' } }
};

function show(eyesClosed: boolean, answer: AnswerSpec = pick, hints: Fact[] = []) {
  vi.useFakeTimers();
  const s = step(answer, { eyesClosed, hints });
  const players = [
    player('a', 'Ada', 0, { marks: [{ id: 'protected', text: { key: 'cluethulhu:marks.protected' }, secret: true }] }),
    player('b', 'Bob', 1, { marks: [{ id: 'highPriest', text: { key: 'cluethulhu:marks.highPriest' }, secret: false }] })
  ];
  render(ScriptView, { view: view(s, { facts: FACTS, players }), step: s, onanswer: vi.fn(), onundo: vi.fn(), resetKey: 1, readyAfter: 0 });
}

describe('secrets on the script screen', () => {
  it('are not in the page on an eyes-open step; public facts and marks are', () => {
    show(false);
    expect(document.body.textContent).not.toContain(SIDES());
    expect(document.body.textContent).not.toContain(PROTECTED());
    expect(screen.getByText(PRIEST())).toBeInTheDocument();
    expect(screen.getByText(i18n.t('cluethulhu:marks.highPriest'))).toBeInTheDocument();
  });

  it('show while the moderator holds, and go when the finger lifts; a tap shows nothing', async () => {
    show(false);
    const peek = screen.getByRole('button', { name: i18n.t('common:script.holdForSecrets') });
    await fireEvent.pointerDown(peek, { pointerId: 1, button: 0 });
    await fireEvent.pointerUp(peek, { pointerId: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(document.body.textContent).not.toContain(SIDES());

    await fireEvent.pointerDown(peek, { pointerId: 2, button: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(screen.getByText(SIDES())).toBeInTheDocument();
    expect(screen.getByText(PROTECTED())).toBeInTheDocument();
    await fireEvent.pointerUp(peek, { pointerId: 2 });
    expect(document.body.textContent).not.toContain(SIDES());
    expect(document.body.textContent).not.toContain(PROTECTED());
  });

  it('are shown as they are while eyes are closed, with nothing to hold', () => {
    show(true, absorb, HINTS);
    expect(screen.getByText(SIDES())).toBeInTheDocument();
    expect(screen.getByText(PROTECTED())).toBeInTheDocument();
    expect(screen.getByText(COUNTS())).toBeInTheDocument();
    expect(screen.getByText(BOTH_DIE())).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: HOLD() })).toBeNull();
  });

  it('the moderator’s secret hints and the step’s secret marks stay out too; holding either box’s button shows every secret', async () => {
    show(false, absorb, HINTS);
    const hints = screen.getByTestId('hint');
    expect(hints).toHaveTextContent(i18n.t('cluethulhu:hints.discussion'));
    expect(document.body.textContent).not.toContain(COUNTS());
    expect(document.body.textContent).not.toContain(BOTH_DIE());
    expect(screen.getByText(i18n.t('cluethulhu:marks.chosenLastTime'))).toBeInTheDocument();

    // One hold button beside the hints, one in the facts box: either shows them all.
    const [inHints, inFacts] = screen.getAllByRole('button', { name: HOLD() });
    expect(hints).toContainElement(inHints);
    expect(screen.getByTestId('facts')).toContainElement(inFacts);
    await fireEvent.pointerDown(inHints, { pointerId: 1, button: 0 });
    await vi.advanceTimersByTimeAsync(500);
    for (const text of [COUNTS(), BOTH_DIE(), SIDES(), PROTECTED()]) expect(screen.getByText(text)).toBeInTheDocument();
    await fireEvent.pointerUp(inHints, { pointerId: 1 });
    for (const text of [COUNTS(), BOTH_DIE(), SIDES(), PROTECTED()]) expect(document.body.textContent).not.toContain(text);
  });

  it('a hints box whose every hint is secret still offers to hold for them, and shows nothing else', async () => {
    show(false, pick, [HINTS[1]]);
    const hints = screen.getByTestId('hint');
    expect(hints.querySelector('li')).toBeNull();
    expect(within(hints).getByRole('button', { name: HOLD() })).toBeInTheDocument();
  });
});

describe('which facts each game keeps secret', () => {
  it('Ktulu: where the statue is and the powers left are secret; the day’s searches and duels are public', async () => {
    const { SCRIPTS, play, start } = await import('../ktulu/scripts');
    const script = SCRIPTS[0];
    const g = start(script);
    play(g, script.moves.slice(0, script.moves.findIndex(([at]) => at === 'day.discussion')));
    expect(g.at).toBe('day.discussion');
    const facts = g.view.facts;
    expect(facts.find((f) => f.key.startsWith('ktulu:hints.statue'))?.secret).toBe(true);
    expect(facts.find((f) => f.key === 'ktulu:facts.searches')?.secret).toBeFalsy();
    expect(facts.find((f) => f.key === 'ktulu:facts.duels')?.secret).toBeFalsy();
  });

  it('Cluethulhu: the sides’ counts are secret', async () => {
    const { game, SEVEN } = await import('../cluethulhu/fixture');
    const g = game(SEVEN);
    expect(g.view.facts.find((f) => f.key === 'cluethulhu:facts.sides')?.secret).toBe(true);
  });
});

/**
 * Texts that give away what the book keeps secret: a role, a card, a side or faction, the sides'
 * counts, who holds the statue, who is detained, who is an Investigator, protected, a bandit or
 * a townsperson.
 */
const TELLING_PARAMS = ['role', 'card', 'faction', 'cult', 'investigators', 'holder'];
const TELLING_KEYS = /:(hints\.statue|hints\.vote\.detained|hints\.ritual|hints\.bound|hints\.mayor|hints\.judge|hints\.poisonStatue|marks\.(statue|planted|bothDie|absorbFails|bandit|townsperson|chosenLastTime|detained|protected|sibling|client|seduced|blackmailed|poisoned))\b/;

/** Everything public on an eyes-open step that tells a secret, as `where: key`. */
function leaks(step: Step, view: GameView): string[] {
  if (step.eyesClosed) return [];
  const marks = step.answer.kind === 'players' ? Object.values(step.answer.marks ?? {}) : [];
  const own = view.players.flatMap((p) => p.marks.map((m) => ({ ...m.text, secret: m.secret })));
  const out: string[] = [];
  for (const [where, texts] of [['hint', step.hints], ['step mark', marks], ['fact', view.facts], ['mark', own]] as const) {
    for (const t of texts) {
      if (t.secret) continue;
      if (TELLING_KEYS.test(t.key) || Object.keys(t.params ?? {}).some((p) => TELLING_PARAMS.includes(p))) out.push(`${step.id} ${where}: ${t.key}`);
    }
  }
  return out;
}

describe('nothing public on an eyes-open step tells a secret, through whole games', () => {
  it('Ktulu: every scripted game, morning cards, duels, searches and sentences included', async () => {
    const { SCRIPTS, play, start } = await import('../ktulu/scripts');
    const found: string[] = [];
    let open = 0;
    for (const script of SCRIPTS) {
      play(start(script), script.moves, (g) => {
        if (g.view.step && !g.view.step.eyesClosed) open++;
        if (g.view.step) found.push(...leaks(g.view.step, g.view));
      });
    }
    expect(open).toBeGreaterThan(50);
    expect([...new Set(found)]).toEqual([]);
  });

  it('Cluethulhu: Nights with a detainee, the Ritual, a Shoggoth absorbing by Night and the Evil Child’s doll', async () => {
    const { game, elect, until } = await import('../cluethulhu/fixture');
    type RoleId = import('$lib/games/cluethulhu').RoleId;
    const cultists = (n: number): RoleId[] => Array(n).fill('cultist');
    const found: string[] = [];
    const check = (g: { view: GameView }) => {
      if (g.view.step) found.push(...leaks(g.view.step, g.view));
    };
    // 16 players: the Detective detains Kasia; Night 1 elects, then murders the Shoggoth, who absorbs.
    const g = game(['investigator', 'investigator', 'psychiatrist', 'detective', 'evilChild', 'shoggoth', 'wizard', ...cultists(9)]);
    g.pick('Ania').next().pick('Gosia').pick('Kasia');
    until(g, 'night.wake');
    check(g);
    g.next();
    check(g);
    elect(g, 'Leon');
    until(g, 'night.accusation');
    check(g);
    g.pick('Filip');
    check(g);
    g.tally({ Filip: 10 });
    expect(g.at).toBe('night.shoggothAbsorb');
    check(g);
    expect(g.step.eyesClosed).toBe(false);
    // 7 players: an early arrest brings the Ritual on Night 1.
    const r = game(['investigator', 'investigator', 'wizard', 'shoggoth', 'evilChild', 'cultist', 'cultist']);
    r.pick('Gosia').next().pick('Darek').pick('Filip').next().next();
    for (let i = 0; i < 6 && r.view.step; i++) {
      check(r);
      if (r.at === 'night.highPriest') elect(r, 'Gosia');
      else r.next();
      if (r.at === 'night.accusation') break;
    }
    expect(r.view.log.some((l) => l.text.key === 'cluethulhu:log.ritual')).toBe(true);
    expect([...new Set(found)]).toEqual([]);
  });
});

/** Players, views and steps for screen tests: small, readable, and independent of any machine. */
import type { GameView, PlayerView, RoleCard } from '$lib/engine/game';
import type { AnswerSpec, Step } from '$lib/engine/types';

const card = (role: string, side: string, tone: string): RoleCard => ({
  role: { key: `cluethulhu:roles.${role}.name` },
  side: { key: `cluethulhu:sides.${side}` },
  ability: { key: `cluethulhu:roles.${role}.ability` },
  tone
});

export const CARDS = {
  investigator: card('investigator', 'investigators', 'investigators'),
  cultist: card('cultist', 'cult', 'cult'),
  wizard: card('wizard', 'cult', 'cult'),
  evilChild: card('evilChild', 'neutral', 'neutral')
};

export function player(id: string, name: string, seat: number, extra: Partial<PlayerView> = {}): PlayerView {
  return { id, name, seat, alive: true, card: CARDS.cultist, marks: [], ...extra };
}

/** Ada, Bob, Cy (murdered), Dee, in seating order. */
export function players(): PlayerView[] {
  return [
    player('a', 'Ada', 0, { card: CARDS.investigator }),
    player('b', 'Bob', 1, { card: CARDS.wizard, marks: [{ id: 'highPriest', text: { key: 'cluethulhu:marks.highPriest' }, secret: false }] }),
    player('c', 'Cy', 2, { alive: false, fate: { key: 'cluethulhu:fate.murdered' } }),
    player('d', 'Dee', 3, { card: CARDS.evilChild })
  ];
}

export function step(answer: AnswerSpec, extra: Partial<Step> = {}): Step {
  return {
    id: 'day.test',
    role: { key: 'cluethulhu:roles.wizard.name' },
    prompt: { key: 'common:deal.pass', params: { name: 'Ada' } },
    hints: [{ key: 'common:script.pretendHint' }],
    answer,
    eyesClosed: true,
    progress: { index: 3, total: 9 },
    ...extra
  };
}

export function view(s: Step | null, extra: Partial<GameView> = {}): GameView {
  return {
    stage: 'play',
    phase: { kind: 'day', number: 2 },
    step: s,
    players: players(),
    outcome: null,
    log: [],
    facts: [],
    ...extra
  };
}

/**
 * Nothing the moderator alone knows is on screen while the players' eyes are open: the secret
 * facts and the players' secret marks are not in the page until the moderator holds to see
 * them, and go when the finger lifts. With eyes closed they are shown as they are.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { AnswerSpec, Fact } from '$lib/engine/types';
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

function show(eyesClosed: boolean) {
  vi.useFakeTimers();
  const s = step(pick, { eyesClosed });
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
    show(true);
    expect(screen.getByText(SIDES())).toBeInTheDocument();
    expect(screen.getByText(PROTECTED())).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: i18n.t('common:script.holdForSecrets') })).toBeNull();
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

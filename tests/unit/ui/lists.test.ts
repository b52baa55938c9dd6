/** The home screen's game entries, the log's phases and the step timer. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import type { GameRecord } from '$lib/db';
import { i18n } from '$lib/i18n';
import FoundGame from '$lib/backup/FoundGame.svelte';
import GameListItem from '$lib/ui/GameListItem.svelte';
import LogView from '$lib/ui/LogView.svelte';
import Timer from '$lib/ui/Timer.svelte';

beforeAll(async () => {
  await i18n.loadNamespace('cluethulhu');
});

afterEach(async () => {
  vi.useRealTimers();
  await i18n.setLanguage('en');
});

function record(summary: Partial<GameRecord['summary']>, extra: Partial<GameRecord> = {}): GameRecord {
  return {
    id: 'g1',
    gameId: 'cluethulhu',
    createdAt: 0,
    updatedAt: Date.now(),
    input: { setup: {}, seed: 1 },
    machineVersion: 1,
    snapshot: {},
    seq: 3,
    status: 'active',
    summary: { players: ['Ada', 'Bob'], phase: { kind: 'day', number: 2 }, stage: 'play', winner: null, ...summary },
    ...extra
  };
}

describe('a game found in a backup file', () => {
  it('names its players each isolated, so a right-to-left name in the file cannot reorder the others', () => {
    const game = record({ players: ['Ada', '\u05D3\u05E0\u05D4', 'Bob'] });
    render(FoundGame, { planned: { item: { game, events: [], checkpoints: [] }, existing: null, same: false }, index: 0, where: 'Day 2', decision: 'copy', disabled: false });
    const players = document.querySelector('.players')!;
    expect([...players.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Ada', '\u05D3\u05E0\u05D4', 'Bob']);
  });
});

describe('a saved game on the home screen', () => {
  it('offers a running game back through "Resume", with Delete beside it as the quiet action', () => {
    render(GameListItem, { game: record({}), ondelete: vi.fn() });
    const resume = screen.getByRole('link', { name: 'Resume: Cluethulhu, Day 2' });
    expect(resume).toHaveAttribute('href', '/game/g1');
    expect(resume).toHaveClass('btn-primary');
    // The only way in: the name is a heading, not a second link to the same place.
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Cluethulhu' })).toBeInTheDocument();
    const remove = screen.getByRole('button', { name: /^Delete: / });
    expect(remove).not.toHaveClass('btn-primary');
    expect(screen.getByText('Day 2')).toBeInTheDocument();
    expect(screen.getByText('Day 2')).toBeInTheDocument();
    expect(screen.getByText('2 players')).toBeInTheDocument();
    // Each name is its own <bdi>, so a right-to-left name cannot reorder the list.
    const players = screen.getByText((_, el) => el?.tagName === 'P' && /Ada, Bob$/.test(el.textContent?.trim() ?? ''));
    expect([...players.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Ada', 'Bob']);
  });

  it('says dealing before the first phase, and who won once over', () => {
    const first = render(GameListItem, { game: record({ stage: 'dealing', phase: null }), ondelete: vi.fn() });
    expect(screen.getByText('Dealing')).toBeInTheDocument();
    first.unmount();
    render(GameListItem, { game: record({ stage: 'over', winner: 'cult' }, { status: 'over' }), ondelete: vi.fn() });
    expect(screen.getByText(`Won: ${i18n.t('common:games.cluethulhu.winners.cult')}`)).toBeInTheDocument();
    // A finished game opens from its name; there is nothing to resume.
    expect(screen.getByRole('link', { name: 'Cluethulhu' })).toHaveAttribute('href', '/game/g1');
    expect(screen.queryByRole('link', { name: /^Resume/ })).toBeNull();
  });

  it('says when it was last played: the time today, the date otherwise, the year when not this one', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 21, 30), toFake: ['Date'] });
    const at = (y: number, m: number, d: number) => new Date(y, m, d, 20, 5).getTime();
    const today = render(GameListItem, { game: record({}, { updatedAt: at(2026, 10, 24) }), ondelete: vi.fn() });
    expect(screen.getByText(/^Last played/)).toHaveTextContent(/^Last played 08:05\sPM$/);
    today.unmount();
    const earlier = render(GameListItem, { game: record({}, { updatedAt: at(2026, 10, 23) }), ondelete: vi.fn() });
    expect(screen.getByText(/^Last played/)).toHaveTextContent(/^Last played Nov 23, 08:05\sPM$/);
    earlier.unmount();
    render(GameListItem, { game: record({}, { updatedAt: at(2025, 11, 31) }), ondelete: vi.fn() });
    expect(screen.getByText(/^Last played/)).toHaveTextContent(/^Last played Dec 31, 2025, 08:05\sPM$/);
  });

  it('counts players with Polish plurals', async () => {
    await i18n.setLanguage('pl');
    const players = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
    for (const [n, text] of [
      [1, '1 gracz'],
      [5, '5 graczy'],
      [22, '22 graczy']
    ] as const) {
      const r = render(GameListItem, { game: record({ players: players(n) }), ondelete: vi.fn() });
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByText('Dzień 2')).toBeInTheDocument();
      r.unmount();
    }
  });

  it('names a zero night in words, in both languages', async () => {
    const zero = { phase: { kind: 'night', number: 0 } } as const;
    const en = render(GameListItem, { game: record(zero), ondelete: vi.fn() });
    expect(screen.getByText('Zero night')).toBeInTheDocument();
    en.unmount();
    await i18n.setLanguage('pl');
    render(GameListItem, { game: record(zero), ondelete: vi.fn() });
    expect(screen.getByText('Zerowa noc')).toBeInTheDocument();
  });

  it('asks to delete through its own button, named after the game', async () => {
    const ondelete = vi.fn();
    render(GameListItem, { game: record({}), ondelete });
    await fireEvent.click(screen.getByRole('button', { name: /^Delete: / }));
    expect(ondelete).toHaveBeenCalledTimes(1);
  });
});

describe('the log', () => {
  it('groups lines by phase and marks the Keeper’s secrets', () => {
    render(LogView, {
      log: [
        { phase: { kind: 'day', number: 1 }, text: { key: 'common:phase.night', params: { number: 9 } }, secret: true },
        { phase: { kind: 'day', number: 1 }, text: { key: 'common:script.yes' } },
        { phase: { kind: 'night', number: 1 }, text: { key: 'common:script.no' } }
      ],
      gameId: 'cluethulhu'
    });
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Day 1', 'Night 1']);
    const dayLines = within(groups[0]).getAllByRole('listitem');
    expect(dayLines[0]).toHaveTextContent('Only for you');
    expect(dayLines[0]).toHaveTextContent('Night 9');
    expect(dayLines[1]).not.toHaveTextContent('Only for you');
    // A public line says so too.
    expect(dayLines[1]).toHaveTextContent('Everyone knows');
  });

  it('ends with the result: who won, why, and who else met their condition; the same reason is not said twice', () => {
    const reason = { key: 'cluethulhu:outcome.siblings', params: { a: 'Ada', b: 'Bob' } };
    render(LogView, {
      log: [
        { phase: { kind: 'night', number: 2 }, text: { key: 'cluethulhu:log.fate.murdered', params: { name: 'Cy' } } },
        { phase: { kind: 'night', number: 2 }, text: reason }
      ],
      gameId: 'cluethulhu',
      outcome: { winner: 'siblings', reason, winners: ['a', 'b'], alsoMet: ['investigators'] }
    });
    const result = screen.getByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent('Winner: The Blood Siblings');
    expect(result).toHaveTextContent('Ada and Bob, Blood Siblings on different sides, are the last two standing.');
    expect(result).toHaveTextContent('Win condition also met by: The Investigators.');
    expect(screen.getAllByText(/are the last two standing/)).toHaveLength(1);
    const regions = screen.getAllByRole('region');
    expect(regions.at(-1)).toBe(result);
  });

  it('heads the zero night’s lines “Zero night”, then Day 1', () => {
    render(LogView, {
      log: [
        { phase: { kind: 'night', number: 0 }, text: { key: 'common:script.yes' } },
        { phase: { kind: 'day', number: 1 }, text: { key: 'common:script.no' } }
      ],
      gameId: 'ktulu'
    });
    expect(screen.getAllByRole('region').map((g) => within(g).getByRole('heading').textContent)).toEqual(['Zero night', 'Day 1']);
  });

  it('says so when nothing has happened', () => {
    render(LogView, { log: [], gameId: 'cluethulhu' });
    expect(screen.getByText('Nothing has happened yet.')).toBeInTheDocument();
  });
});

describe('the step timer', () => {
  it('counts down only once started, and says when time is up', async () => {
    vi.useFakeTimers();
    render(Timer, { seconds: 60 });
    expect(screen.getByText('1:00')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5000);
    expect(screen.getByText('1:00')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Start timer' }));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(screen.getByText('0:45')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(46_000);
    expect(screen.getByText('0:00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Time is up');
  });
});

/**
 * Setting up Ktulu: players in seating order, the cards chosen faction by faction against a
 * live count of players, a suggested roster, the book's reason beside each controversial
 * role, settings with the book's defaults for the count, a recorded physical deal, and
 * nothing started until every problem is fixed.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { FactionId } from '$lib/games/ktulu/factions';
import type { RoleId } from '$lib/games/ktulu/roles';
import { roleList, suggestedRoster, type KtuluSetup } from '$lib/games/ktulu/setup';
import SetupForm from '$lib/ui/setup/KtuluSetup.svelte';

// A long form with many buttons: role queries are slow in jsdom on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('ktulu');
  await i18n.loadNamespace('setup');
});

const NAMES = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu', 'Mo', 'Ned', 'Oz', 'Pip', 'Quin', 'Ros'];
const role = (id: RoleId) => i18n.t(`ktulu:roles.${id}.name`);
const faction = (id: FactionId) => i18n.t(`ktulu:factions.${id}`);
const reason = (key: string) => i18n.t(`ktulu:setup.controversial.${key}`);

/** The form, with `named` players already typed in (else the six blank seats it starts with). */
function setup(named?: number) {
  const onstart = vi.fn<(s: KtuluSetup) => Promise<void>>(async () => {});
  const initialPlayers = named === undefined ? undefined : NAMES.slice(0, named).map((name, i) => ({ id: `p${i + 1}`, name }));
  render(SetupForm, { onstart, initialPlayers });
  return { onstart };
}

async function fill(count: number) {
  for (let i = 1; i <= count; i++) {
    if (!screen.queryByLabelText(`Player ${i}`)) await fireEvent.click(screen.getByRole('button', { name: 'Add player' }));
    await fireEvent.input(screen.getByLabelText(`Player ${i}`), { target: { value: NAMES[i - 1] } });
  }
}

/** Opens a faction's list of roles (its button says how many cards it has). */
async function openFaction(id: FactionId) {
  const button = screen.getByRole('button', { name: new RegExp(`^${faction(id)} \\d+ cards?$`) });
  if (button.getAttribute('aria-expanded') !== 'true') await fireEvent.click(button);
  return screen.getByRole('group', { name: faction(id) });
}

const counter = () => screen.getByText(/^Roles \d+ \/ players \d+$/).parentElement!;
const start = () => fireEvent.click(screen.getByRole('button', { name: 'Start game' }));

describe('players', () => {
  it('starts with six empty seats, the fewest Ktulu takes', () => {
    setup();
    for (let i = 1; i <= 6; i++) expect(screen.getByLabelText(`Player ${i}`)).toHaveValue('');
    expect(screen.queryByLabelText('Player 7')).toBeNull();
    expect(screen.getByText(/You, the Manitou, are not a player/)).toBeInTheDocument();
  });
});

describe('choosing roles', () => {
  it('counts roles against players, live, and says how many to add or take away', async () => {
    setup(7);
    expect(counter()).toHaveTextContent('Roles 0 / players 7');
    expect(counter()).toHaveTextContent('Add 7 more roles.');
    const town = await openFaction('town');
    await fireEvent.click(within(town).getByLabelText(role('sheriff')));
    expect(counter()).toHaveTextContent('Roles 1 / players 7');
    expect(counter()).toHaveTextContent('Add 6 more roles.');
    expect(screen.getByRole('button', { name: `${faction('town')} 1 card` })).toBeInTheDocument();

    await fireEvent.input(within(town).getByLabelText(role('townsman')), { target: { value: '7' } });
    expect(counter()).toHaveTextContent('Roles 8 / players 7');
    expect(counter()).toHaveTextContent('Take away 1 role.');
    await fireEvent.click(within(town).getByRole('button', { name: `Take away one ${role('townsman')} card` }));
    expect(counter()).toHaveTextContent('Roles 7 / players 7');
    expect(counter()).toHaveTextContent('One role for each player.');
    expect(within(town).getByLabelText(role('townsman'))).toHaveValue(6);
  });

  it('lets a plain role be dealt many times and every other role once', async () => {
    setup();
    const bandits = await openFaction('bandits');
    const more = within(bandits).getByRole('button', { name: `Add one ${role('bandit')} card` });
    for (let i = 0; i < 3; i++) await fireEvent.click(more);
    expect(within(bandits).getByLabelText(role('bandit'))).toHaveValue(3);
    const leader = within(bandits).getByLabelText(role('banditLeader'));
    expect(leader).toHaveAttribute('type', 'checkbox');
    await fireEvent.click(leader);
    expect(leader).toBeChecked();
    expect(counter()).toHaveTextContent('Roles 4 / players 6');
    // Taking away below zero does nothing.
    const fewer = within(bandits).getByRole('button', { name: `Take away one ${role('bandit')} card` });
    for (let i = 0; i < 5; i++) await fireEvent.click(fewer);
    expect(within(bandits).getByLabelText(role('bandit'))).toHaveValue(0);
    expect(counter()).toHaveTextContent('Roles 1 / players 6');
  });

  it('opens and closes each faction with a real button', async () => {
    setup();
    const button = screen.getByRole('button', { name: `${faction('indians')} 0 cards` });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: faction('indians') })).toBeNull();
    await fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const indians = screen.getByRole('group', { name: faction('indians') });
    expect(indians).toHaveTextContent(i18n.t('ktulu:goals.indians'));
    expect(within(indians).getByLabelText(role('shaman'))).toHaveAccessibleDescription(`${i18n.t('ktulu:briefs.shaman')} Once per game, at night`);
    // Every role of the faction says what it does, in one line of its own, beside its box.
    for (const label of within(indians).getAllByRole('checkbox')) {
      const id = label.id.split('-r-').pop()!;
      const brief = i18n.t(`ktulu:briefs.${id}`);
      expect(brief).not.toBe(i18n.t(`ktulu:roles.${id}.ability`));
      expect(label).toHaveAccessibleDescription(expect.stringContaining(brief));
    }
    await fireEvent.click(button);
    expect(screen.queryByRole('group', { name: faction('indians') })).toBeNull();
  });
});

describe('the suggested roster', () => {
  it('fills the roles to the player count from the book’s key and traditional roles', async () => {
    setup(12);
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 12 players' }));
    expect(counter()).toHaveTextContent('Roles 12 / players 12');
    expect(screen.getByText(`Suggested for 12 players: ${faction('town')} 5, ${faction('bandits')} 4, ${faction('indians')} 3.`)).toBeInTheDocument();
    const town = await openFaction('town');
    for (const r of ['sheriff', 'harlot', 'goodGunslinger', 'drunkard'] as const) expect(within(town).getByLabelText(role(r))).toBeChecked();
    expect(within(town).getByLabelText(role('townsman'))).toHaveValue(1);
    expect(within(town).getByLabelText(role('mayor'))).not.toBeChecked();
  });

  it('seats the optional factions chosen, and Undo brings back the roles there were', async () => {
    setup(18);
    const town = await openFaction('town');
    await fireEvent.click(within(town).getByLabelText(role('gambler')));
    await fireEvent.click(screen.getByLabelText(faction('aliens')));
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 18 players' }));
    expect(counter()).toHaveTextContent('Roles 18 / players 18');
    expect(screen.getByRole('button', { name: `${faction('aliens')} 3 cards` })).toBeInTheDocument();
    expect(within(town).getByLabelText(role('gambler'))).not.toBeChecked();
    await fireEvent.click(screen.getByRole('button', { name: 'Undo the suggestion' }));
    expect(within(town).getByLabelText(role('gambler'))).toBeChecked();
    expect(counter()).toHaveTextContent('Roles 1 / players 18');
    expect(screen.getByRole('button', { name: 'Suggest roles for 18 players' })).toHaveFocus();
  });

  it('says so when the factions chosen do not fit the table', async () => {
    setup(9);
    for (const f of ['aliens', 'luckyLuke', 'runaways', 'gods'] as const) await fireEvent.click(screen.getByLabelText(faction(f)));
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 9 players' }));
    expect(screen.getByText('Those factions do not fit 9 players: choose fewer, or add players.')).toBeInTheDocument();
    expect(counter()).toHaveTextContent('Roles 0 / players 9');
  });
});

describe('controversial roles', () => {
  it('shows the book’s reason when the Gambler is added, and the Gambler-with-Bodyguard reason with the Bodyguard', async () => {
    setup();
    const town = await openFaction('town');
    const gambler = within(town).getByLabelText(role('gambler'));
    expect(gambler).toHaveAccessibleDescription(`${i18n.t('ktulu:briefs.gambler')} ${i18n.t('ktulu:frequency.onceAtNight')} Controversial`);
    expect(screen.queryByText(reason('gambler'))).toBeNull();

    await fireEvent.click(gambler);
    expect(gambler).toHaveAccessibleDescription(expect.stringContaining(reason('gambler')));
    const advice = screen.getByRole('status', { name: 'The book’s advice' });
    expect(within(advice).getByText(reason('gambler'))).toBeInTheDocument();
    expect(screen.queryAllByText(reason('gamblerWithBodyguard'))).toHaveLength(0);

    await fireEvent.click(within(town).getByLabelText(role('bodyguard')));
    expect(gambler).toHaveAccessibleDescription(expect.stringContaining(reason('gamblerWithBodyguard')));
    expect(within(advice).getByText(reason('gamblerWithBodyguard'))).toBeInTheDocument();

    await fireEvent.click(gambler);
    expect(screen.queryAllByText(reason('gambler'))).toHaveLength(0);
    expect(screen.queryAllByText(reason('gamblerWithBodyguard'))).toHaveLength(0);
  });

  it('gives each of the book’s controversial roles its own reason', async () => {
    setup();
    const picks: [FactionId, RoleId][] = [
      ['town', 'doctor'],
      ['town', 'judge'],
      ['town', 'seducer'],
      ['town', 'drunkJudge'],
      ['bandits', 'blackmailer'],
      ['indians', 'silentFoot']
    ];
    for (const [f, r] of picks) {
      await fireEvent.click(within(await openFaction(f)).getByLabelText(role(r)));
      expect(screen.getByLabelText(role(r))).toHaveAccessibleDescription(expect.stringContaining(reason(r)));
    }
  });
});

describe('settings', () => {
  it('start at the book’s defaults and follow the player count: searches 2, then 3 above 16 players', async () => {
    setup(16);
    expect(screen.getByLabelText('Searches per day')).toHaveValue(2);
    expect(screen.getByLabelText('Bandits’ ship ready after night')).toHaveValue(3);
    expect(screen.getByLabelText('Duels per day')).toHaveValue(2);
    expect(screen.getByLabelText('Call absent roles too')).not.toBeChecked();
    await fill(17);
    expect(screen.getByLabelText('Searches per day')).toHaveValue(3);
    expect(screen.getByLabelText('Bandits’ ship ready after night')).toHaveValue(4);
    expect(screen.getByLabelText('Duels per day')).toHaveValue(2);
  });

  it('keep a value the Manitou typed, until set back to the book’s defaults', async () => {
    setup(16);
    await fireEvent.input(screen.getByLabelText('Searches per day'), { target: { value: '4' } });
    await fill(17);
    expect(screen.getByLabelText('Searches per day')).toHaveValue(4);
    expect(screen.getByLabelText('Bandits’ ship ready after night')).toHaveValue(4);
    await fireEvent.click(screen.getByRole('button', { name: 'Back to the book’s defaults' }));
    expect(screen.getByLabelText('Searches per day')).toHaveValue(3);
    expect(screen.queryByRole('button', { name: 'Back to the book’s defaults' })).toBeNull();
  });
});

describe('starting', () => {
  it('refuses with every problem listed, and starts nothing', async () => {
    const { onstart } = setup();
    await fill(2);
    await fireEvent.input(screen.getByLabelText('Player 2'), { target: { value: 'ada ' } });
    await fireEvent.input(screen.getByLabelText('Duels per day'), { target: { value: '' } });
    await start();
    expect(onstart).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveFocus();
    expect(alert).toHaveTextContent('Player 3 has no name.');
    expect(alert).toHaveTextContent('Two players are called “ada”');
    expect(alert).toHaveTextContent('You chose 0 roles, but there are 6 players');
    expect(alert).toHaveTextContent('Without bandits nobody can have the statue');
    expect(alert).toHaveTextContent('Duels per day: enter a whole number no lower than 0.');
    expect(screen.getByLabelText('Player 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Duels per day')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a roster that does not match the players, and follows the form as it is corrected', async () => {
    const { onstart } = setup(12);
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 12 players' }));
    const town = await openFaction('town');
    await fireEvent.click(within(town).getByRole('button', { name: `Add one ${role('townsman')} card` }));
    await start();
    expect(onstart).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('You chose 13 roles, but there are 12 players');
    await fireEvent.click(within(town).getByRole('button', { name: `Take away one ${role('townsman')} card` }));
    expect(screen.queryByRole('alert')).toBeNull();
    await start();
    expect(onstart).toHaveBeenCalledTimes(1);
  });

  it('starts with the players in seating order, the roles, the settings and an app deal', async () => {
    const { onstart } = setup(12);
    await fireEvent.input(screen.getByLabelText('Player 12'), { target: { value: '  Lu ' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 12 players' }));
    await fireEvent.click(screen.getByLabelText('Call absent roles too'));
    await start();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onstart).toHaveBeenCalledTimes(1);
    const s = onstart.mock.calls[0][0];
    expect(s.players.map((p) => [p.name, p.seat])).toEqual(NAMES.slice(0, 12).map((n, i) => [n, i]));
    expect(new Set(s.players.map((p) => p.id)).size).toBe(12);
    expect(s.roles).toEqual(suggestedRoster(12, [])!.roles);
    expect(s.settings).toEqual({ shipNight: 3, searchesPerDay: 2, duelsPerDay: 2, callAbsentRoles: true });
    expect(s.deal).toEqual({ mode: 'app' });
  });

  it('records a physical deal behind a show/hide toggle, offering only the roles chosen, and checks it', async () => {
    const { onstart } = setup(6);
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 6 players' }));
    await fireEvent.click(screen.getByLabelText('Record a physical deal'));
    const toggle = screen.getByRole('button', { name: 'Show cards' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Card held by Ada')).toBeNull();
    await start();
    expect(onstart).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Record which cards Ada, Bob, Cy, Dee, Eve, Fay have.');

    await fireEvent.click(toggle);
    const select = screen.getByLabelText('Card held by Ada');
    const dealt = roleList(suggestedRoster(6, [])!.roles);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Not recorded', ...dealt.map(role)]);
    for (const [i, r] of [...dealt].reverse().entries())
      await fireEvent.change(screen.getByLabelText(`Card held by ${NAMES[i]}`), { target: { value: r } });
    await fireEvent.click(screen.getByRole('button', { name: 'Hide cards' }));
    expect(screen.queryByLabelText('Card held by Ada')).toBeNull();
    expect(screen.getByText('Recorded: 6 of 6.')).toBeInTheDocument();
    await start();
    expect(onstart).toHaveBeenCalledTimes(1);
    const s = onstart.mock.calls[0][0];
    expect(s.deal.mode).toBe('physical');
    if (s.deal.mode === 'physical') expect(s.players.map((p) => s.deal.mode === 'physical' && s.deal.roles[p.id])).toEqual([...dealt].reverse());
  });

  it('shows the problems the store found on the way, without starting twice', async () => {
    const onstart = vi.fn(async () => [{ field: 'players' as const, text: { key: 'setup:errors.duplicateId' } }]);
    render(SetupForm, { onstart, initialPlayers: NAMES.slice(0, 6).map((name, i) => ({ id: `p${i + 1}`, name })) });
    await fireEvent.click(screen.getByRole('button', { name: 'Suggest roles for 6 players' }));
    await start();
    expect(onstart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Two players share the same seat entry.');
  });
});

describe('in Polish', () => {
  it('counts, suggests and warns in Polish', async () => {
    await i18n.setLanguage('pl');
    try {
      setup(12);
      await fireEvent.click(screen.getByRole('button', { name: 'Zaproponuj postacie dla 12 graczy' }));
      expect(screen.getByText('Postacie 12 / gracze 12')).toBeInTheDocument();
      expect(screen.getByText('Propozycja dla 12 graczy: Miasto 5, Bandyci 4, Indianie 3.')).toBeInTheDocument();
      await fireEvent.click(screen.getByRole('button', { name: 'Miasto 5 kart' }));
      await fireEvent.click(screen.getByRole('button', { name: 'Dodaj jedną kartę: Miastowy' }));
      expect(screen.getByText('Odejmij 1 postać.')).toBeInTheDocument();
      await fireEvent.click(screen.getByLabelText('Hazardzista'));
      expect(screen.getByRole('status', { name: 'Rady Księgi' })).toHaveTextContent(i18n.t('ktulu:setup.controversial.gambler'));
    } finally {
      await i18n.setLanguage('en');
    }
  });
});

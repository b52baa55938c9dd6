/** The Keeper's override: every ruling is chosen, then confirmed, then sent. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import type { Corrections } from '$lib/engine/game';
import { i18n } from '$lib/i18n';
import OverrideDialog from '$lib/ui/OverrideDialog.svelte';
import { players } from './fixtures';

beforeAll(async () => {
  await i18n.setLanguage('en');
});

const winners = [
  { id: 'investigators', label: 'The Investigators' },
  { id: 'cult', label: 'The Cult' }
];

function open(revealable?: string[]) {
  const onoverride = vi.fn();
  const onclose = vi.fn();
  render(OverrideDialog, { open: true, players: players(), winners, revealable, onoverride, onclose });
  return { onoverride, onclose };
}

describe('each game’s words', () => {
  it('names the dialog as the game does: the table in Kloo Doo, the Storyteller in Clocktower', async () => {
    await Promise.all([i18n.loadNamespace('kkd'), i18n.loadNamespace('botc')]);
    const { unmount } = render(OverrideDialog, { open: true, players: players(), winners, words: 'kkd', onoverride: vi.fn(), onclose: vi.fn() });
    expect(screen.getByRole('dialog', { name: 'Correct the table' })).toBeInTheDocument();
    expect(screen.queryByText(/Keeper/)).toBeNull();
    unmount();
    render(OverrideDialog, { open: true, players: players(), winners, words: 'botc', onoverride: vi.fn(), onclose: vi.fn() });
    expect(screen.getByRole('dialog', { name: 'Storyteller’s ruling' })).toBeInTheDocument();
  });
});

describe('Keeper’s override', () => {
  it('is a labelled dialog offering the three rulings', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Keeper’s override' })).toBeInTheDocument();
    for (const name of ['Mark a player eliminated', 'Bring a player back', 'Declare a winner'])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('eliminates only a living player, after confirmation', async () => {
    const { onoverride, onclose } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Mark a player eliminated' }));
    expect(screen.queryByLabelText('Cy')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Bob'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onoverride).not.toHaveBeenCalled();
    expect(screen.getByText('Mark Bob as eliminated?')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledWith({ kind: 'eliminate', player: 'b' });
    expect(onclose).toHaveBeenCalled();
  });

  it('brings back only a player who is out', async () => {
    const { onoverride } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Bring a player back' }));
    expect(screen.queryByLabelText('Ada')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Cy'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledWith({ kind: 'revive', player: 'c' });
  });

  it('declares a winner from the game’s list, and can step back before confirming', async () => {
    const { onoverride } = open();
    await fireEvent.click(screen.getByRole('button', { name: 'Declare a winner' }));
    await fireEvent.click(screen.getByLabelText('The Cult'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onoverride).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByLabelText('The Investigators'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'declareWinner', winner: 'investigators' });
  });

  it('offers recording a card shown only in a game where a role may show it', () => {
    open();
    expect(screen.queryByRole('button', { name: 'Record a card shown' })).toBeNull();
  });

  it('records a card shown, listing every living player by name only, after confirmation', async () => {
    const { onoverride, onclose } = open(['b']);
    await fireEvent.click(screen.getByRole('button', { name: 'Record a card shown' }));
    expect(screen.getByRole('group', { name: 'Who shows their card to everyone?' })).toBeInTheDocument();
    // The whole table, so the list does not tell who holds a role that may show its card.
    const labels = screen.getAllByRole('radio').map((r) => r.closest('li')?.textContent?.trim());
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.every((l) => !l?.includes('('))).toBe(true);
    await fireEvent.click(screen.getByLabelText('Bob'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onoverride).not.toHaveBeenCalled();
    expect(screen.getByText('Record that Bob shows their card to everyone?')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'reveal', player: 'b' });
    expect(onclose).toHaveBeenCalled();
  });

  it('says why only for the player picked, when that player may not show a card now', async () => {
    const { onoverride } = open([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Record a card shown' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Bob'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Bob’s card cannot be recorded as shown now/);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(onoverride).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------- corrections

const t = (key: string, params?: Record<string, string>) => ({ key, params });
/** Ada (Investigator), Bob (Wizard), Cy (out), Dee (Evil Child, holding the doll). */
function cluethulhuCorrections(): Corrections {
  return {
    tokens: [
      { id: 'doll', name: t('cluethulhu:marks.doll'), holder: 'd', secret: false, blocked: null, refused: { c: t('cluethulhu:corrections.out'), d: t('cluethulhu:corrections.holdsIt') } },
      { id: 'highPriest', name: t('cluethulhu:marks.highPriest'), holder: null, secret: false, blocked: t('cluethulhu:corrections.noHighPriestYet'), refused: {} }
    ],
    roles: [
      { id: 'investigator', name: t('cluethulhu:roles.investigator.name'), side: t('cluethulhu:sides.investigators'), single: false, holders: ['a'] },
      { id: 'cultist', name: t('cluethulhu:roles.cultist.name'), side: t('cluethulhu:sides.cult'), single: false, holders: ['c'] },
      { id: 'wizard', name: t('cluethulhu:roles.wizard.name'), side: t('cluethulhu:sides.cult'), single: true, holders: ['b'] },
      { id: 'mother', name: t('cluethulhu:roles.mother.name'), side: t('cluethulhu:sides.cult'), single: true, holders: [] }
    ],
    leave: t('cluethulhu:corrections.leave'),
    latecomer: t('cluethulhu:corrections.latecomer')
  };
}

/** One secret token, the statue, that may be planted (not on Ada, the Silent Foot here). */
function statueCorrections(): Corrections {
  return {
    ...cluethulhuCorrections(),
    tokens: [
      {
        id: 'statue',
        name: t('ktulu:corrections.statue'),
        holder: 'b',
        planted: false,
        secret: true,
        blocked: null,
        refused: { c: t('ktulu:corrections.out') },
        plantable: true,
        refusedPlanted: { a: t('ktulu:corrections.plantSelf') }
      }
    ]
  };
}

function openWith(corrections: Corrections) {
  const onoverride = vi.fn();
  const onclose = vi.fn();
  render(OverrideDialog, { open: true, players: players(), winners, corrections, onoverride, onclose });
  return { onoverride, onclose };
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const yes = async () => {
  await click('Continue');
  await click('Yes, do it');
};

beforeAll(async () => {
  await i18n.loadNamespace('cluethulhu');
  await i18n.loadNamespace('ktulu');
});

describe('the override’s corrections', () => {
  it('are offered only where the game allows them', () => {
    open();
    expect(screen.queryByRole('button', { name: 'Move a token' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct a name' })).toBeNull();
  });

  it('correct a name: the same rules as at setup, then a confirmation naming both', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('Correct a name');
    await fireEvent.click(screen.getByLabelText('Bob'));
    await click('Continue');
    const field = screen.getByLabelText('The right name') as HTMLInputElement;
    expect(field.value).toBe('Bob');
    await fireEvent.input(field, { target: { value: ' ada ' } });
    await click('Continue');
    expect(screen.getByRole('alert')).toHaveTextContent('Another player is already called ada.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await fireEvent.input(field, { target: { value: 'Robert ' } });
    await click('Continue');
    expect(screen.getByText('Change the name Bob to Robert?')).toBeInTheDocument();
    await click('Yes, do it');
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'rename', player: 'b', name: 'Robert' });
  });

  it('seat a new person only in a living player’s seat, and say how they see their role', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('A new person takes a seat');
    expect(screen.queryByLabelText('Cy')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Dee'));
    await click('Continue');
    await fireEvent.input(screen.getByLabelText('The new person’s name'), { target: { value: 'Zoe' } });
    await click('Continue');
    expect(screen.getByText('Zoe takes Dee’s seat and role?')).toBeInTheDocument();
    expect(screen.getByText(/on the Table, hold their seat/)).toBeInTheDocument();
    await click('Yes, do it');
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'replace', player: 'd', name: 'Zoe' });
  });

  it('move a public token to a player who may hold it; the others are shown with the reason', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('Move a token');
    expect(screen.getByLabelText(/^High Priest/)).toBeDisabled();
    expect(screen.getByText(i18n.t('cluethulhu:corrections.noHighPriestYet'))).toBeInTheDocument();
    await fireEvent.click(screen.getByLabelText(/^Haunted Doll/));
    await click('Continue');
    expect(screen.getByText('Haunted Doll. Now: Dee')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Dee/)).toBeDisabled();
    expect(screen.getByLabelText(/^Cy/)).toBeDisabled();
    expect(screen.getByLabelText(/^Cy/).closest('li')).toHaveTextContent('Out of the game');
    await fireEvent.click(screen.getByLabelText('Ada'));
    await click('Continue');
    expect(screen.getByText('Haunted Doll: give it to Ada?')).toBeInTheDocument();
    await click('Yes, do it');
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'moveToken', token: 'doll', to: 'a' });
  });

  it('keep a secret token’s holder off the screen until the moderator holds to see it, and may plant it', async () => {
    vi.useFakeTimers();
    try {
      const { onoverride } = openWith(statueCorrections());
      await click('Move a token');
      // One token: straight to who should hold it.
      expect(screen.getByRole('group', { name: 'Who should hold it?' })).toBeInTheDocument();
      expect(document.body.textContent).not.toContain('Now: Bob');
      const peek = screen.getByRole('button', { name: 'Hold to see who has it now' });
      await fireEvent.pointerDown(peek, { pointerId: 1, button: 0 });
      await vi.advanceTimersByTimeAsync(600);
      expect(screen.getByText('Now: Bob')).toBeInTheDocument();
      await fireEvent.pointerUp(peek, { pointerId: 1 });
      expect(document.body.textContent).not.toContain('Now: Bob');
      // Planted: the Silent Foot cannot plant it on himself, said only once the Keeper picks him.
      await fireEvent.click(screen.getByLabelText(/^Planted by the Silent Foot/));
      expect(screen.getByLabelText('Ada')).not.toBeDisabled();
      expect(document.body.textContent).not.toContain('himself');
      await fireEvent.click(screen.getByLabelText('Ada'));
      expect(screen.getByRole('alert')).toHaveTextContent('The Silent Foot cannot plant it on himself.');
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
      await fireEvent.click(screen.getByLabelText('Dee'));
      expect(screen.queryByRole('alert')).toBeNull();
      await click('Continue');
      expect(screen.getByText('The statue: plant it on Dee?')).toBeInTheDocument();
      await click('Yes, do it');
      expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'moveToken', token: 'statue', to: 'd', planted: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('say why a token cannot be moved yet, with no way on but back', async () => {
    const c = statueCorrections();
    c.tokens[0] = { ...c.tokens[0], blocked: t('ktulu:corrections.statueNotYet') };
    openWith(c);
    await click('Move a token');
    expect(screen.getByText(i18n.t('ktulu:corrections.statueNotYet'))).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await click('Back');
    expect(screen.getByRole('button', { name: 'Move a token' })).toBeInTheDocument();
  });

  it('swap two players’ roles: two picks at most, the roles shown only while held', async () => {
    vi.useFakeTimers();
    try {
      const { onoverride } = openWith(cluethulhuCorrections());
      await click('Swap two players’ roles');
      expect(document.body.textContent).not.toContain('Wizard');
      await fireEvent.click(screen.getByLabelText('Ada'));
      await fireEvent.click(screen.getByLabelText('Bob'));
      expect(screen.getByLabelText('Dee')).toBeDisabled();
      await click('Continue');
      expect(screen.getByText('Swap the roles of Ada and Bob?')).toBeInTheDocument();
      expect(document.body.textContent).not.toContain('Wizard');
      const peek = screen.getByRole('button', { name: 'Hold to see both roles now' });
      await fireEvent.pointerDown(peek, { pointerId: 1, button: 0 });
      await vi.advanceTimersByTimeAsync(600);
      expect(screen.getByText('Bob: Wizard')).toBeInTheDocument();
      expect(screen.getByText('Ada: Investigator')).toBeInTheDocument();
      await fireEvent.pointerUp(peek, { pointerId: 1 });
      expect(document.body.textContent).not.toContain('Wizard');
      await click('Yes, do it');
      expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'swapRoles', a: 'a', b: 'b' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('change one role, refusing a second of a one-of-a-kind role with the way to do it instead', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('Change one player’s role');
    expect(screen.getByText(/This changes the mix of roles/)).toBeInTheDocument();
    await fireEvent.click(screen.getByLabelText('Dee'));
    await click('Continue');
    await fireEvent.click(screen.getByLabelText(/^Wizard/));
    expect(screen.getByRole('alert')).toHaveTextContent('Another player has that role. Swap the two players’ roles instead.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await fireEvent.click(screen.getByLabelText(/^Mother/));
    expect(screen.queryByRole('alert')).toBeNull();
    await yes();
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'setRole', player: 'd', role: 'mother' });
  });

  it('record a player leaving, saying first what follows in this game', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('A player leaves');
    expect(screen.queryByLabelText('Cy')).toBeNull();
    await fireEvent.click(screen.getByLabelText('Bob'));
    await click('Continue');
    expect(screen.getByText('Record that Bob leaves the table?')).toBeInTheDocument();
    expect(screen.getByText(/Leaving is not dying/)).toBeInTheDocument();
    await click('Yes, do it');
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'leave', player: 'b' });
  });

  it('say why a latecomer cannot join, and offer a seat that is given up instead', async () => {
    const { onoverride } = openWith(cluethulhuCorrections());
    await click('Someone arrives late');
    expect(screen.getByText(/Not once the tablets are dealt/)).toBeInTheDocument();
    await click('A new person takes a seat');
    expect(screen.getByRole('group', { name: 'Whose seat does the new person take?' })).toBeInTheDocument();
    expect(onoverride).not.toHaveBeenCalled();
  });
});

describe('a scoreboard game’s corrections (Killer Kloo Doo)', () => {
  const k = (key: string, params?: Record<string, string | number>) => ({ key: `kkd:corrections.${key}`, params });
  const corrections: Corrections = {
    tokens: [],
    roles: [],
    leave: k('leave'),
    latecomer: k('latecomer'),
    only: ['setValue', 'rename', 'leave'],
    values: [
      {
        id: 'mustard',
        name: k('who', { name: 'Bob', card: 'mustard' }),
        fields: [
          { id: 'sp', name: k('fields.sp'), now: k('now.number', { value: 12 }), input: 'number', min: -999, max: 999, value: 12 },
          { id: 'weapon', name: k('fields.weapon'), now: k('now.noWeapon'), input: 'choice', options: [{ id: 'none', name: k('none') }, { id: 'rope', name: { key: 'cluedo:cards.rope' } }], value: 'none' }
        ]
      }
    ]
  };

  beforeAll(async () => {
    await Promise.all([i18n.loadNamespace('kkd'), i18n.loadNamespace('cluedo')]);
  });

  function openValues(check: (o: unknown) => { key: string } | null) {
    const onoverride = vi.fn();
    render(OverrideDialog, { open: true, players: players(), winners: [], corrections, check: check as never, onoverride, onclose: vi.fn() });
    return onoverride;
  }

  it('offers only its corrections, and sets a number once the game’s own check passes it', async () => {
    const check = vi.fn((o: unknown) => ((o as { value: unknown }).value === 12 ? { key: 'kkd:corrections.problems.same' } : null));
    const onoverride = openValues(check);
    expect(screen.queryByRole('button', { name: 'Mark a player eliminated' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Declare a winner' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Correct a number or mark' }));
    await fireEvent.click(screen.getByLabelText('Bob (Colonel Mustard)'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByLabelText('Survival Points (now: 12)'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The value now is no correction: the game's check says so and Continue waits.
    expect(screen.getByRole('alert')).toHaveTextContent('That is already so: nothing to correct.');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await fireEvent.input(screen.getByLabelText('Survival Points (-999 to 999)'), { target: { value: '7' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Bob (Colonel Mustard) – Survival Points: set to 7?')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'setValue', target: 'mustard', field: 'sp', value: 7 });
  });

  it('picks one of a field’s choices', async () => {
    const onoverride = openValues(() => null);
    await fireEvent.click(screen.getByRole('button', { name: 'Correct a number or mark' }));
    await fireEvent.click(screen.getByLabelText('Bob (Colonel Mustard)'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByLabelText('Weapon carried (now: no weapon)'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByLabelText('Rope'));
    await fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    expect(onoverride).toHaveBeenCalledExactlyOnceWith({ kind: 'setValue', target: 'mustard', field: 'weapon', value: 'rope' });
  });
});

/**
 * More than one group of demon bluffs (docs/RULES.md): chosen at set-up, changed, added and
 * taken away during the game as logged moves that Undo takes back, and shown on the first
 * night's Demon info and in the grimoire.
 */
import { describe, expect, it } from 'vitest';
import { RejectedEvent } from '$lib/engine/session';
import { seedRng } from '$lib/engine/rng';
import { boardOf, botc, randomBluffs, validateSetup } from '$lib/games/botc';
import { readMove } from '$lib/games/botc/moves';
import { editionScript } from '$lib/games/botc/script';
import { game, setupFor, SEVEN } from './fixture';

const keys = (setup: Parameters<typeof validateSetup>[0]) => validateSetup(setup).map((p) => p.text.key.replace('botc:setup.errors.', ''));
const demonInfo = (g: ReturnType<typeof game>) => boardOf(g.view).night.find((l) => l.kind === 'marker' && l.id === 'demoninfo');

describe('groups of demon bluffs at set-up', () => {
  it('accepts a second group of good characters not in play, and an old set-up without any', () => {
    expect(keys(setupFor(SEVEN, { bluffs: ['chef', 'librarian', 'mayor'], moreBluffs: [['investigator', 'soldier', 'saint']] }))).toEqual([]);
    const old = setupFor(SEVEN, { bluffs: ['chef'] });
    delete old.moreBluffs;
    expect(keys(old)).toEqual([]);
  });

  it('refuses a group holding a character in play, an evil one, one twice, more than three, or too many groups', () => {
    expect(keys(setupFor(SEVEN, { moreBluffs: [['empath']] }))).toEqual(['bluff']);
    expect(keys(setupFor(SEVEN, { moreBluffs: [['baron']] }))).toEqual(['bluff']);
    expect(keys(setupFor(SEVEN, { moreBluffs: [['chef', 'chef']] }))).toEqual(['bluffs']);
    expect(keys(setupFor(SEVEN, { moreBluffs: [['chef', 'mayor', 'saint', 'soldier']] }))).toEqual(['bluffs']);
    expect(keys(setupFor(SEVEN, { moreBluffs: [[], [], [], [], []] }))).toEqual(['bluffs']);
  });

  it('draws a further group from the good characters the other groups do not hold, while there are enough', () => {
    const tb = editionScript('tb', 'Trouble Brewing');
    const [first, rng] = randomBluffs(tb, SEVEN, {}, seedRng(3));
    const [second] = randomBluffs(tb, SEVEN, {}, rng, first);
    expect(second).toHaveLength(3);
    expect(second.filter((id) => first.includes(id) || SEVEN.includes(id))).toEqual([]);
  });
});

describe('groups of demon bluffs in the game', () => {
  const start = () => game(setupFor(SEVEN, { bluffs: ['chef', 'librarian', 'mayor'], moreBluffs: [['investigator', 'soldier', 'saint']] }));

  it('shows every group on the first night’s Demon info and in the grimoire', () => {
    const g = start();
    expect(demonInfo(g)).toMatchObject({ bluffs: ['Chef', 'Librarian', 'Mayor'], moreBluffs: [['Investigator', 'Soldier', 'Saint']] });
    expect(boardOf(g.view).bluffGroups.map((x) => x.map((b) => b.name))).toEqual([
      ['Chef', 'Librarian', 'Mayor'],
      ['Investigator', 'Soldier', 'Saint']
    ]);
  });

  it('adds, changes and takes away a group, each a secret line of the log, each undone', () => {
    const g = start();
    const groups = () => boardOf(g.view).bluffGroups.map((x) => x.map((b) => b.id));
    g.move({ kind: 'bluffs', group: 2, characters: ['butler', 'recluse'] });
    expect(groups()).toEqual([['chef', 'librarian', 'mayor'], ['investigator', 'soldier', 'saint'], ['butler', 'recluse']]);
    expect(g.view.log.at(-1)).toMatchObject({ text: { key: 'botc:log.bluffsGroup', params: { number: 3, names: 'Butler, Recluse' } }, secret: true });
    g.move({ kind: 'bluffs', group: 0, characters: ['virgin'] });
    expect(groups()[0]).toEqual(['virgin']);
    expect(g.view.log.at(-1)?.text.key).toBe('botc:log.bluffs');
    g.move({ kind: 'bluffs', group: 1, characters: [] });
    expect(groups()).toEqual([['virgin'], ['butler', 'recluse']]);
    expect(g.view.log.at(-1)?.text).toEqual({ key: 'botc:log.bluffsRemoved', params: { number: 2, names: '—' } });
    expect(botc.view(g.replayed())).toEqual(g.view);
    g.undo().undo().undo();
    expect(groups()).toEqual([['chef', 'librarian', 'mayor'], ['investigator', 'soldier', 'saint']]);
  });

  it('refuses a character in play (the Storyteller may overrule), an evil one, a sixth group, and an empty new group', () => {
    const g = start();
    const refused = (m: Parameters<typeof g.move>[0]) => {
      try {
        g.move(m);
      } catch (e) {
        if (e instanceof RejectedEvent) return { text: e.text, overrulable: e.overrulable };
        throw e;
      }
      throw new Error('accepted');
    };
    expect(refused({ kind: 'bluffs', group: 0, characters: ['empath'] })).toMatchObject({ text: { key: 'botc:refused.bluffInPlay' }, overrulable: true });
    g.move({ kind: 'bluffs', group: 0, characters: ['empath'], overrule: true });
    expect(boardOf(g.view).bluffs.map((b) => b.id)).toEqual(['empath']);
    expect(refused({ kind: 'bluffs', group: 0, characters: ['imp'] })).toMatchObject({ text: { key: 'botc:refused.unknown' } });
    expect(refused({ kind: 'bluffs', group: 2, characters: [] })).toMatchObject({ text: { key: 'botc:refused.unknown' } });
    g.move({ kind: 'bluffs', group: 2, characters: ['chef'] }).move({ kind: 'bluffs', group: 3, characters: ['chef'] }).move({ kind: 'bluffs', group: 4, characters: ['chef'] });
    expect(refused({ kind: 'bluffs', group: 5, characters: ['chef'] })).toMatchObject({ text: { key: 'botc:refused.bluffGroups', params: { max: 5 } } });
  });

  it('reads the move back from a backup, field by field', () => {
    expect(readMove({ kind: 'bluffs', group: 1, characters: ['chef'] })).toEqual({ kind: 'bluffs', group: 1, characters: ['chef'] });
    expect(readMove({ kind: 'bluffs', group: -1, characters: ['chef'] })).toBeNull();
    expect(readMove({ kind: 'bluffs', group: 1, characters: 'chef' })).toBeNull();
  });
});

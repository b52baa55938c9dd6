/** A Fabled in play wakes at its place on the night list, held by nobody, in the grimoire's centre; a base edition offers its own Travellers first. */
import { describe, expect, it } from 'vitest';
import { boardOf } from '$lib/games/botc';
import type { NightLine } from '$lib/games/botc/view';
import { parseScript, scriptToJson } from '$lib/games/botc/script';
import { game, setupFor } from './fixture';

const names = (lines: NightLine[]) => lines.map((l) => (l.kind === 'marker' ? l.id : l.character.id));

describe('a Fabled in play', () => {
  it('is on the first night at its place, before every character, marked as in the centre', () => {
    const g = game(setupFor(undefined, { fabled: ['toymaker', 'angel'] }));
    const night = boardOf(g.view).night;
    // The publisher's first night: dusk, the Angel, the Buddhist, the Toymaker, … Minion info.
    expect(names(night).slice(0, 4)).toEqual(['dusk', 'angel', 'toymaker', 'minioninfo']);
    const toymaker = night.find((l) => l.kind === 'character' && l.character.id === 'toymaker');
    expect(toymaker).toMatchObject({ kind: 'character', holders: [], centre: true, character: { name: 'Toymaker', team: 'fabled' } });
  });

  it('is on the other nights at its place once added by day, and gone once removed', () => {
    const g = game(setupFor());
    g.move({ kind: 'phase' });
    g.move({ kind: 'fabled', character: 'duchess', on: true });
    // By day the list is the next night's: the Duchess wakes first after dusk.
    expect(names(boardOf(g.view).night).slice(0, 3)).toEqual(['dusk', 'duchess', 'poisoner']);
    // The Angel does not wake on other nights.
    g.move({ kind: 'fabled', character: 'angel', on: true });
    expect(names(boardOf(g.view).night)).not.toContain('angel');
    g.move({ kind: 'fabled', character: 'duchess', on: false });
    expect(names(boardOf(g.view).night)).not.toContain('duchess');
  });

  it("in a script with its own night order, wakes at the publisher's place relative to the script's entries", () => {
    const own = parseScript(
      JSON.stringify([{ id: '_meta', name: 'Own', firstNight: ['poisoner', 'washerwoman', 'empath', 'fortuneteller'] }, 'washerwoman', 'empath', 'fortuneteller', 'monk', 'slayer', 'poisoner', 'imp'])
    );
    if (!own.ok) throw new Error(own.problem.key);
    const g = game(setupFor(undefined, { script: scriptToJson(own.script), edition: null, fabled: ['toymaker'] }));
    expect(names(boardOf(g.view).night)).toEqual(['dusk', 'toymaker', 'minioninfo', 'demoninfo', 'poisoner', 'washerwoman', 'empath', 'fortuneteller', 'dawn']);
  });
});

describe('Travellers for the base editions', () => {
  it("offers each edition's own Travellers first, and none for a script mixing editions", async () => {
    const { editionScript } = await import('$lib/games/botc/script');
    const { scriptTravellers, scriptEdition } = await import('$lib/games/botc/game-setup');
    expect(boardOf(game(setupFor()).view).editionTravellers.map((t) => t.id).sort()).toEqual(['beggar', 'bureaucrat', 'gunslinger', 'scapegoat', 'thief']);
    expect(scriptTravellers(editionScript('bmr', 'Bad Moon Rising')).map((t) => t.id).sort()).toEqual(['apprentice', 'bishop', 'judge', 'matron', 'voudon']);
    expect(scriptTravellers(editionScript('snv', 'Sects & Violets')).map((t) => t.id).sort()).toEqual(['barista', 'bonecollector', 'butcher', 'deviant', 'harlot']);
    const mixed = parseScript(JSON.stringify(['washerwoman', 'chef', 'grandmother', 'poisoner', 'imp']));
    if (!mixed.ok) throw new Error('refused');
    expect(scriptEdition(mixed.script)).toBeNull();
    expect(scriptTravellers(mixed.script)).toEqual([]);
  });
});

describe('an evil Traveller on the first night', () => {
  it('is named at Minion info with 7 or more players, to be shown the Demon; a good one is not', () => {
    const g = game(setupFor());
    g.move({ kind: 'join', player: 'x1', name: 'Hubert', character: 'beggar', alignment: 'evil', after: null });
    g.move({ kind: 'join', player: 'x2', name: 'Iza', character: 'thief', alignment: 'good', after: null });
    const info = boardOf(g.view).night.find((l) => l.kind === 'marker' && l.id === 'minioninfo');
    expect(info).toMatchObject({ evilTravellers: ['Hubert'] });
  });

  it('is not named after the first night, nor with fewer than 7 players (no Minion info)', () => {
    const g = game(setupFor());
    g.move({ kind: 'phase' });
    g.move({ kind: 'join', player: 'x1', name: 'Hubert', character: 'beggar', alignment: 'evil', after: null });
    expect(boardOf(g.view).night.some((l) => l.kind === 'marker' && l.evilTravellers)).toBe(false);
    const five = game(setupFor(['washerwoman', 'empath', 'chef', 'poisoner', 'imp']));
    five.move({ kind: 'join', player: 'x1', name: 'Hubert', character: 'beggar', alignment: 'evil', after: null });
    // Six players now: still no Minion info.
    expect(boardOf(five.view).night.some((l) => l.kind === 'marker' && l.id === 'minioninfo')).toBe(false);
  });
});

/** Cthulhu Gloom set-ups for the tests, with the card list's characters in families of five. */
import { HeadlessGame } from '../../../src/lib/engine/headless';
import { gloom, type FamilyId, type GloomMove, type GloomSetup, type Print, type StorySetup } from '../../../src/lib/games/gloom';

export const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa'];

/** Twenty characters, five a family, in the card list's order (the sheet does not say which are whose). */
export const CHARACTERS = [
  ['Herbert West', 'Professor Armitage', 'Walter Gilman', 'Edward Derby', 'Asenath Waite'],
  ['Wilbur Whately', 'Lavinia Whateley', 'Old Whately', 'Rutherford Whately', 'Junior'],
  ['Doctor Willett', 'Casilda & Camila', 'Henry Akeley', 'Randolph Carter', 'Tigger-Man'],
  ['Barnabas Marsh', 'Zadok Allen', 'Joe Sergeant', "Pth'thya-I'yi", 'Anna Tilton']
];
const MISFITS = ['Nahum Gardner', 'Richard Pickman', 'Keziah Mason', 'Brown Jenkin', 'Robert Olmstead'];
const FAMILY_ORDER: FamilyId[] = ['miskatonic', 'whateleys', 'sanitarium', 'innsmouth'];

export const STORIES: StorySetup[] = [
  { name: 'The Necronomicon', points: -10, requires: ['magic', 'madness'] },
  { name: 'The King In Yellow', points: -5, requires: ['romance'] }
];

export function setupFor(n: number, first: GloomSetup['first'] = 'p1'): GloomSetup {
  const players = NAMES.slice(0, n).map((name, seat) => ({ id: `p${seat + 1}`, name, seat }));
  const families: GloomSetup['families'] = {};
  players.forEach((p, i) => {
    const family = i === 4 ? 'misfit' : FAMILY_ORDER[i];
    const characters = i === 4 ? MISFITS : CHARACTERS[i];
    families[p.id] = { family, characters: n === 4 ? characters.slice(0, 4) : [...characters] };
  });
  return { players, first, families, stories: STORIES.map((s) => ({ ...s, requires: [...s.requires] })) };
}

export const game = (n: number, seed = 7, first: GloomSetup['first'] = 'p1') => new HeadlessGame(gloom, { seed, setup: setupFor(n, first) });

/** A print: three Pathos spaces (null: nothing printed) and the icon space. */
export const print = (a: number | null, b: number | null, c: number | null, icon: Print['icon'] = null): Print => ({ pathos: [a, b, c], icon });

export const mod = (target: string, card: string, p: Print, extra: Partial<GloomMove> = {}): GloomMove =>
  ({ kind: 'play', card, cardType: 'modifier', target, print: p, ...extra }) as GloomMove;
export const death = (target: string, card: string, extra: Partial<GloomMove> = {}): GloomMove =>
  ({ kind: 'play', card, cardType: 'death', target, print: print(null, null, null), ...extra }) as GloomMove;
export const END: GloomMove = { kind: 'endTurn' };

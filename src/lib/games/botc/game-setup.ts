/**
 * A game of Blood on the Clocktower as the Storyteller sets it up (rule book, "Setting Up"):
 * the players in their seats, the script, the characters in play (the bag), the Travellers and
 * their alignments, what the Drunk is shown, the three demon bluffs, the Fabled, and how the
 * characters reach the players (dealt by the phone, or drawn from a physical bag and recorded).
 *
 * The script is kept in the set-up as a script file (`scriptToJson`), so a game never depends on
 * the phone's script library, and a backup carries it; it is read again by `readScript`, with
 * every check a loaded file gets.
 */
import { playerProblems } from '../../engine/names';
import { nextInt, shuffle, type RngState } from '../../engine/rng';
import type { Player, PlayerId, SetupProblem, Text } from '../../engine/types';
import { BAG_TEAMS, BASE_EDITIONS, editionTravellers, hasSpecial, officialCharacter, type BagTeam, type BaseEdition, type CharacterFacts, type Team } from './characters';
import { readScript, type Script, type ScriptCharacter } from './script';
import { adjustedCounts, baseCounts, editionMinimum, fixedChange, MAX_BAG_PLAYERS, MAX_PLAYERS, MIN_PLAYERS, type Counts } from './setup';

export type Alignment = 'good' | 'evil';

export interface TravellerSetup {
  /** The Traveller the player chose. */
  character: string;
  /** The alignment the Storyteller gives them. */
  alignment: Alignment;
}

export interface BotcSetup {
  /** In seating order, clockwise. */
  players: Player[];
  /** The script as a script file (see `scriptToJson`). */
  script: unknown[];
  /** The base edition the script is, for its minimum player count; null for any other script. */
  edition: BaseEdition | null;
  /** The characters in play for the players who are not Travellers (the Drunk itself, not the Townsfolk it is shown). */
  bag: string[];
  /** Players who play a Traveller. */
  travellers: Record<PlayerId, TravellerSetup>;
  /** What a character in play is shown instead of itself (the Drunk: a Townsfolk not in play), by character. */
  shown: Record<string, string>;
  /** The demon bluffs: good characters not in play. */
  bluffs: string[];
  /**
   * More groups of bluffs, up to three each, when a character in play makes more than one set
   * matter (docs/RULES.md, "More than one group of bluffs"). Absent in set-ups made before.
   */
  moreBluffs?: string[][];
  /** Fabled in the centre of the grimoire. */
  fabled: string[];
  /** The counts differ from the expected ones, and the Storyteller means them so. */
  countsConfirmed: boolean;
  /** Dealt by the phone (hold to see, in seat order), or drawn from a bag and recorded here by player. */
  deal: { mode: 'app' } | { mode: 'physical'; characters: Record<PlayerId, string> };
}

/** The most Fabled Lantern keeps in one grimoire. */
export const MAX_FABLED = 10;
export const BLUFFS = 3;
/** The most groups of bluffs a grimoire keeps, the Demon's included. */
export const MAX_BLUFF_GROUPS = 5;

const err = (key: string, params?: Text['params']): Text => ({ key: `botc:setup.errors.${key}`, params });

/** The script in a set-up, read again; null when it does not read. */
export function setupScript(setup: Pick<BotcSetup, 'script'>): Script | null {
  const r = readScript(setup.script);
  return r.ok ? r.script : null;
}

/** A character of the script, or an official Traveller or Fabled (any may join a game). */
export function gameCharacter(script: Script, id: string): ScriptCharacter | null {
  const own = script.characters.find((c) => c.id === id);
  if (own) return own;
  const facts = officialCharacter(id);
  if (!facts || (facts.team !== 'traveller' && facts.team !== 'fabled')) return null;
  return { ...facts, official: true, ability: null, firstNightReminder: null, otherNightReminder: null, jinxes: [] };
}

/** The side a character starts on (a Traveller's is the Storyteller's choice). */
export function teamAlignment(team: Team): Alignment {
  return team === 'minion' || team === 'demon' ? 'evil' : 'good';
}

export const isBagTeam = (team: Team): team is BagTeam => (BAG_TEAMS as readonly string[]).includes(team);

/**
 * The base edition every character of the script (Townsfolk to Demon) comes from, if there is
 * one: Trouble Brewing, Bad Moon Rising or Sects & Violets, or a script made of one of them.
 */
export function scriptEdition(script: Script): BaseEdition | null {
  const editions = new Set(script.characters.filter((c) => isBagTeam(c.team)).map((c) => (c.official ? c.edition : null)));
  const [only] = editions;
  return editions.size === 1 && (BASE_EDITIONS as readonly unknown[]).includes(only) ? (only as BaseEdition) : null;
}

/** The Travellers of the base edition the script is made of (none for any other script): offered first to one who joins. */
export function scriptTravellers(script: Script): CharacterFacts[] {
  const edition = scriptEdition(script);
  return edition ? editionTravellers(edition) : [];
}

/** How many of each team a bag holds. */
export function bagCounts(script: Script, bag: readonly string[]): Counts {
  const out: Counts = { townsfolk: 0, outsider: 0, minion: 0, demon: 0 };
  for (const id of bag) {
    const c = gameCharacter(script, id);
    if (c && isBagTeam(c.team)) out[c.team]++;
  }
  return out;
}

/**
 * The counts the bag should hold for `players` players who are not Travellers, after the fixed
 * set-up rules (`+2 Outsiders`) of the characters chosen; null outside 5 to 15. `confirm` lists
 * the chosen characters whose set-up rule is not a fixed change: the Storyteller confirms those.
 */
export function expectedCounts(script: Script, players: number, bag: readonly string[]): { counts: Counts; confirm: ScriptCharacter[] } | null {
  const base = baseCounts(players);
  if (!base || base.travellers > 0) return null;
  const chosen = bag.map((id) => gameCharacter(script, id)).filter((c): c is ScriptCharacter => c !== null);
  const confirm = chosen.filter((c) => c.setupRule !== null && fixedChange(c.setupRule) === null);
  return { counts: adjustedCounts(base.counts, chosen.map((c) => c.setupRule)), confirm };
}

/** The characters a player is shown instead of their own (the Drunk, the Marionette). */
export const showsAnother = (c: ScriptCharacter): boolean => hasSpecial(c, 'replace-character') && hasSpecial(c, 'bag-disabled');

const isAlignment = (v: unknown): v is Alignment => v === 'good' || v === 'evil';
const isIdList = (v: unknown, max: number): v is string[] => Array.isArray(v) && v.length <= max && v.every((x) => typeof x === 'string' && x.length <= 60);

/** Every problem with a set-up, each as a message; empty when the game can start. */
export function validateSetup(setup: BotcSetup): SetupProblem[] {
  const out: SetupProblem[] = [];
  const add = (field: SetupProblem['field'], key: string, params?: Text['params']) => out.push({ field, text: err(key, params) });
  const players = Array.isArray(setup?.players) ? setup.players : [];
  if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) add('players', 'playerCount', { min: MIN_PLAYERS, max: MAX_PLAYERS });
  out.push(...playerProblems(players));
  const ids = new Set(players.map((p) => p.id));

  const script = setup && Array.isArray(setup.script) ? setupScript(setup) : null;
  if (!script) {
    add('options', 'script');
    return out;
  }
  if (setup.edition !== null && !BASE_EDITIONS.includes(setup.edition)) add('options', 'script');

  // Travellers: chosen by the player from any Traveller, alignment by the Storyteller.
  const travellers = setup.travellers && typeof setup.travellers === 'object' ? setup.travellers : {};
  const travellerIds = Object.keys(travellers);
  for (const id of travellerIds) {
    const t = travellers[id];
    const c = t && typeof t.character === 'string' ? gameCharacter(script, t.character) : null;
    if (!ids.has(id) || !t || !c || c.team !== 'traveller' || !isAlignment(t.alignment)) add('roles', 'traveller');
  }
  const seated = players.length - travellerIds.filter((id) => ids.has(id)).length;
  const minimum = setup.edition ? editionMinimum(setup.edition) : MIN_PLAYERS;
  if (players.length >= MIN_PLAYERS && players.length < minimum) add('players', 'editionMinimum', { min: minimum });
  if (players.length >= MIN_PLAYERS && (seated < MIN_PLAYERS || seated > 15)) add('players', 'travellerCount', { min: MIN_PLAYERS, max: 15 });

  // The bag: one character of the script per seated player, none twice, from the four teams.
  const bag = isIdList(setup.bag, 20) ? setup.bag : [];
  if (!isIdList(setup.bag, 20)) add('roles', 'bag');
  const inScript = (id: string) => script.characters.find((c) => c.id === id) ?? null;
  for (const id of bag) {
    const c = inScript(id);
    if (!c || !isBagTeam(c.team)) add('roles', 'notInScript', { id });
  }
  // Only a character that may be in the bag more than once (the Village Idiot) is.
  if (bag.some((id, i) => bag.indexOf(id) !== i && !hasSpecial(inScript(id) ?? { special: [] }, 'bag-duplicate'))) add('roles', 'twice');
  if (bag.length !== seated && seated >= MIN_PLAYERS) add('roles', 'bagSize', { count: seated, chosen: bag.length });
  const expected = expectedCounts(script, seated, bag);
  if (expected && bag.length === seated) {
    const have = bagCounts(script, bag);
    const differs = BAG_TEAMS.some((t) => have[t] !== expected.counts[t]);
    if (differs && !setup.countsConfirmed) add('roles', 'counts', { ...expected.counts });
    if (have.demon === 0 && !setup.countsConfirmed) add('roles', 'noDemon');
  }

  // What a character is shown instead: a character of the script not in play.
  const shown = setup.shown && typeof setup.shown === 'object' ? setup.shown : {};
  for (const [id, as] of Object.entries(shown)) {
    if (!bag.includes(id) || typeof as !== 'string' || !inScript(as) || bag.includes(as)) add('roles', 'shown');
    // The Drunk (and the Marionette) think they are a Townsfolk: never anything else, whatever a
    // stored draft or a backup says.
    else if (inScript(as)?.team !== 'townsfolk' && showsAnother(inScript(id)!)) add('roles', 'shownTownsfolk', { name: inScript(id)!.name });
  }
  for (const id of bag) {
    const c = inScript(id);
    if (c && showsAnother(c) && !shown[id]) add('roles', 'shownMissing', { name: c.name });
  }

  // Bluffs: up to three good characters of the script, not in play, in each group.
  const more = setup.moreBluffs === undefined ? [] : setup.moreBluffs;
  if (!Array.isArray(more) || more.length > MAX_BLUFF_GROUPS - 1) add('options', 'bluffs');
  for (const group of [setup.bluffs, ...(Array.isArray(more) ? more : [])]) {
    if (!isIdList(group, BLUFFS) || new Set(group).size !== group.length) {
      add('options', 'bluffs');
      continue;
    }
    for (const id of group) if (!isBluff(script, id, bag)) add('options', 'bluff', { id });
  }

  if (!isIdList(setup.fabled, MAX_FABLED) || setup.fabled.some((id) => gameCharacter(script, id)?.team !== 'fabled')) add('options', 'fabled');

  // A deal by hand: every seated player drew one character of the bag.
  const deal = setup.deal;
  if (!deal || (deal.mode !== 'app' && deal.mode !== 'physical')) add('options', 'deal');
  else if (deal.mode === 'physical') {
    const drawn = players.filter((p) => !(p.id in travellers)).map((p) => deal.characters?.[p.id]);
    const sorted = (l: unknown[]) => [...l].map(String).sort().join('\n');
    if (drawn.some((c) => typeof c !== 'string') || sorted(drawn) !== sorted(bag)) add('roles', 'drawn');
  }
  return out;
}

/** What each player holds at the start: the deal (shuffled by the game's generator) or the recorded draw; Travellers as chosen. */
export function seatCharacters(setup: BotcSetup, rng: RngState): [Record<PlayerId, string>, RngState] {
  const out: Record<PlayerId, string> = {};
  let next = rng;
  const seated = setup.players.filter((p) => !(p.id in setup.travellers));
  if (setup.deal.mode === 'physical') for (const p of seated) out[p.id] = setup.deal.characters[p.id];
  else {
    const [shuffled, after] = shuffle(next, setup.bag);
    next = after;
    seated.forEach((p, i) => (out[p.id] = shuffled[i]));
  }
  for (const [id, t] of Object.entries(setup.travellers)) out[id] = t.character;
  return [out, next];
}

/** Whether the random bag may take a character: its set-up is a fixed change, or it has none to decide. */
function drawable(c: ScriptCharacter): boolean {
  if (hasSpecial(c, 'bag-disabled') && !showsAnother(c)) return false;
  return c.setupRule === null || fixedChange(c.setupRule) !== null;
}

function pick(rng: RngState, from: readonly ScriptCharacter[], n: number): [ScriptCharacter[], RngState] {
  const [shuffled, next] = shuffle(rng, from);
  return [shuffled.slice(0, Math.max(0, n)), next];
}

/** How many draws the random bag makes before it says why it cannot. */
export const BAG_TRIES = 60;

/** Why the random bag drew nothing: a `botc:setupScreen.bagWhy.*` text, and the characters it leaves to the Storyteller. */
export interface BagRefusal {
  why: Text;
  /** Characters of the script the random bag never takes: their set-up is the Storyteller's to decide. */
  leftOut: string[];
}

type OneDraw = { bag: ScriptCharacter[]; shown: Record<string, string> } | { short: BagTeam; need: number; have: number } | { noShown: string };

/** One draw: the Demon and Minions, the counts after their fixed rules, then the rest. */
function drawOnce(script: Script, counts0: Counts, rng: RngState): [OneDraw, RngState] {
  const pool = (team: BagTeam) => script.characters.filter((c) => c.team === team && drawable(c));
  let next = rng;
  let demons: ScriptCharacter[];
  let minions: ScriptCharacter[];
  [demons, next] = pick(next, pool('demon'), counts0.demon);
  [minions, next] = pick(next, pool('minion'), counts0.minion);
  const counts = adjustedCounts(counts0, [...demons, ...minions].map((c) => c.setupRule));
  if (counts.minion > minions.length) {
    let more: ScriptCharacter[];
    [more, next] = pick(next, pool('minion').filter((c) => !minions.includes(c)), counts.minion - minions.length);
    minions = [...minions, ...more];
  }
  let outsiders: ScriptCharacter[];
  let townsfolk: ScriptCharacter[];
  [outsiders, next] = pick(next, pool('outsider'), counts.outsider);
  [townsfolk, next] = pick(next, pool('townsfolk'), counts.townsfolk);
  const drawn: Record<BagTeam, ScriptCharacter[]> = { demon: demons, minion: minions, outsider: outsiders, townsfolk };
  for (const team of ['demon', 'minion', 'outsider', 'townsfolk'] as const) {
    if (drawn[team].length !== counts[team]) return [{ short: team, need: counts[team], have: pool(team).length }, next];
  }
  const bag = [...townsfolk, ...outsiders, ...minions, ...demons];
  const shown: Record<string, string> = {};
  for (const c of bag.filter(showsAnother)) {
    // The Drunk thinks it is a Townsfolk; the Marionette, a good character: a Townsfolk too.
    const free = script.characters.filter((t) => t.team === 'townsfolk' && !bag.includes(t) && !Object.values(shown).includes(t.id));
    if (free.length === 0) return [{ noShown: c.name }, next];
    let i: number;
    [i, next] = nextInt(next, free.length);
    shown[c.id] = free[i].id;
  }
  return [{ bag, shown }, next];
}

/**
 * A random legal bag for `players` seated players from the script: the Demon and Minions first,
 * the counts then following their fixed set-up rules (the Baron's `+2 Outsiders`), then the
 * Outsiders and Townsfolk. A character whose set-up the Storyteller must decide (`+0 or +1
 * Outsider`) is left out. What a drawn Drunk is shown is drawn too, from the Townsfolk not in
 * play. A draw that dead-ends (a Baron and a Fang Gu needing more Outsiders than the script has)
 * is drawn again, up to `BAG_TRIES` times; then the refusal says why: the team the draws most
 * often fell short of, what they needed and what the script has that the bag may take.
 */
export function drawBag(script: Script, players: number, rng: RngState): { bag: string[]; shown: Record<string, string>; rng: RngState } | BagRefusal {
  const leftOut = script.characters.filter((c) => isBagTeam(c.team) && !drawable(c)).map((c) => c.name);
  const base = baseCounts(players);
  if (!base || base.travellers > 0) return { why: { key: 'botc:setupScreen.bagWhy.size', params: { min: MIN_PLAYERS, max: MAX_BAG_PLAYERS } }, leftOut };
  let next = rng;
  const misses = new Map<string, { times: number; why: Text }>();
  for (let tries = 0; tries < BAG_TRIES; tries++) {
    let r: OneDraw;
    [r, next] = drawOnce(script, base.counts, next);
    if ('bag' in r) return { bag: r.bag.map((c) => c.id), shown: r.shown, rng: next };
    const why: Text =
      'short' in r
        ? { key: `botc:setupScreen.bagWhy.${r.short}`, params: { count: r.need, have: r.have } }
        : { key: 'botc:setupScreen.bagWhy.shown', params: { name: r.noShown } };
    const key = JSON.stringify(why);
    misses.set(key, { times: (misses.get(key)?.times ?? 0) + 1, why });
  }
  const most = [...misses.values()].sort((a, b) => b.times - a.times)[0];
  return { why: most.why, leftOut };
}

/** `drawBag`, or null when no legal bag was drawn. */
export function randomBag(script: Script, players: number, rng: RngState): { bag: string[]; shown: Record<string, string>; rng: RngState } | null {
  const r = drawBag(script, players, rng);
  return 'bag' in r ? r : null;
}

/** Whether a character may be a bluff: a good character of the script (Townsfolk or Outsider) not in the bag. */
export function isBluff(script: Script, id: string, bag: readonly string[]): boolean {
  const c = script.characters.find((x) => x.id === id);
  return !!c && teamAlignment(c.team) === 'good' && isBagTeam(c.team) && !bag.includes(id);
}

/** Three good characters of the script not in play (and not shown to anyone), drawn at random. */
export function randomBluffs(script: Script, bag: readonly string[], shown: Record<string, string>, rng: RngState, besides: readonly string[] = []): [string[], RngState] {
  // `besides`: bluffs already given in other groups, left out when there are enough others.
  const taken = new Set([...bag, ...Object.values(shown)]);
  const fresh = script.characters.filter((c) => (c.team === 'townsfolk' || c.team === 'outsider') && !taken.has(c.id) && !besides.includes(c.id));
  if (fresh.length >= BLUFFS) {
    const [picked, next] = pick(rng, fresh, BLUFFS);
    return [picked.map((c) => c.id), next];
  }
  const free = script.characters.filter((c) => (c.team === 'townsfolk' || c.team === 'outsider') && !taken.has(c.id));
  const [picked, next] = pick(rng, free, BLUFFS);
  return [picked.map((c) => c.id), next];
}

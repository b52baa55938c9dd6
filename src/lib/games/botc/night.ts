/**
 * The night sheet for a loaded script: who wakes, in what order, on the first night and on the
 * others. The script's own orders (`_meta.firstNight` / `otherNight`) replace the publisher's
 * when it gives them; otherwise its characters are placed by their positions in the publisher's
 * order (homebrew characters by the positions they state), with `dusk`, `dawn` and, on the first
 * night, Minion info and Demon info at their places (rule book, "Running the Game": the first
 * night's Minion and Demon info, given only with 7 or more players).
 *
 * Which entries matter tonight (who is in play, dead, drunk or poisoned) is the game's business;
 * this only orders the script.
 */
import { officialCharacter } from './characters';
import { NIGHT_MARKERS } from './facts';
import { MARKERS, type Marker, type Script, type ScriptCharacter } from './script';

export type Night = 'first' | 'other';

export type NightEntry = { kind: 'marker'; id: Marker } | { kind: 'character'; id: string };

const isMarker = (id: string): id is Marker => (MARKERS as readonly string[]).includes(id);

/** Where each marker sits in the publisher's order for that night. */
function markerPositions(night: Night): [Marker, number][] {
  const m = night === 'first' ? NIGHT_MARKERS.firstNight : NIGHT_MARKERS.otherNight;
  return Object.entries(m) as [Marker, number][];
}

const nightPosition = (c: Pick<ScriptCharacter, 'firstNight' | 'otherNight'>, night: Night) => (night === 'first' ? c.firstNight : c.otherNight);

/**
 * The night's order for a script; `extras` are characters in play from outside it (a Traveller
 * or Fabled who joined from the publisher's list), placed by the publisher's positions too.
 */
export function nightOrder(script: Script, night: Night, extras: readonly ScriptCharacter[] = []): NightEntry[] {
  const own = night === 'first' ? script.firstNight : script.otherNight;
  if (own) return withExtras(script, fromScriptOrder(own, night), extras, night);
  const pos = (c: ScriptCharacter) => (c.official ? nightPosition(c, night) : byNeighbours(script, c, night));
  const items: { entry: NightEntry; at: number; rank: number }[] = [];
  for (const [id, at] of markerPositions(night)) items.push({ entry: { kind: 'marker', id }, at, rank: 0 });
  [...script.characters, ...extras.filter((x) => !script.characters.some((c) => c.id === x.id))].forEach((c, i) => {
    if (pos(c) > 0) items.push({ entry: { kind: 'character', id: c.id }, at: pos(c), rank: 1 + (c.official ? 0 : 1) + i / 1000 });
  });
  // A homebrew character that names an official one's position wakes just after it.
  items.sort((a, b) => a.at - b.at || a.rank - b.rank);
  return items.map((x) => x.entry);
}

/**
 * Where a homebrew character wakes. When the file states night numbers for official characters
 * too, the homebrew number is read against those (an older night sheet's numbering): it wakes
 * just after the official character the file numbers next below it, at that character's place
 * on the publisher's current order (just before the next above, when none is below). Otherwise
 * its number is read as a place on the current order.
 */
function byNeighbours(script: Script, c: ScriptCharacter, night: Night): number {
  const own = nightPosition(c, night);
  if (own <= 0) return own;
  const numbered = script.characters
    .filter((x) => x.official && nightPosition(x, night) > 0)
    .map((x) => ({ stated: night === 'first' ? x.stated?.firstNight : x.stated?.otherNight, now: nightPosition(x, night) }))
    .filter((x): x is { stated: number; now: number } => typeof x.stated === 'number' && x.stated > 0);
  if (numbered.length === 0) return own;
  const below = numbered.filter((x) => x.stated <= own).sort((a, b) => b.stated - a.stated)[0];
  if (below) return below.now + 0.5;
  const above = numbered.sort((a, b) => a.stated - b.stated)[0];
  return above.now - 0.5;
}

/**
 * A script's own order, as written: unknown ids were dropped when it was read. It always
 * starts at dusk and has a dawn, and a first night keeps Minion and Demon info (right after
 * dusk when the script leaves them out), so the Storyteller never loses them.
 */
function fromScriptOrder(order: string[], night: Night): NightEntry[] {
  const ids = order.filter((id, i) => order.indexOf(id) === i);
  const body = ids.filter((id) => id !== 'dusk' && id !== 'dawn');
  const needed: Marker[] = night === 'first' ? ['minioninfo', 'demoninfo'] : [];
  const missing = needed.filter((m) => !body.includes(m));
  const withInfo = [...missing, ...body.filter((id) => night === 'first' || (id !== 'minioninfo' && id !== 'demoninfo'))];
  const dawnAt = ids.indexOf('dawn');
  // What the script puts after dawn stays after dawn (it acts at dawn or by day).
  const afterDawn = dawnAt >= 0 ? ids.slice(dawnAt + 1).filter((id) => id !== 'dusk') : [];
  const beforeDawn = withInfo.filter((id) => !afterDawn.includes(id));
  const all = ['dusk', ...beforeDawn, 'dawn', ...afterDawn];
  return all.map((id) => (isMarker(id) ? { kind: 'marker', id } : { kind: 'character', id }));
}

/**
 * A character from outside the script (a Traveller who joined) in a script's own order, which
 * cannot name it: it goes just before the first entry of the script's list (after dusk) that
 * the publisher wakes later than it, or at the end when none does, so it keeps its place
 * relative to the entries the script lists as far as their order allows (docs/RULES.md). An
 * entry the publisher does not order (a homebrew character without a position) is passed over.
 * Characters the script itself holds are never added: its own order is the author's choice.
 */
function withExtras(script: Script, base: NightEntry[], extras: readonly ScriptCharacter[], night: Night): NightEntry[] {
  const markers = Object.fromEntries(markerPositions(night)) as Partial<Record<Marker, number>>;
  const posOf = (e: NightEntry): number => {
    if (e.kind === 'marker') return markers[e.id] ?? 0;
    const c = script.characters.find((x) => x.id === e.id) ?? officialCharacter(e.id);
    return c ? nightPosition(c, night) : 0;
  };
  const out = [...base];
  const joining = extras
    .filter((x) => nightPosition(x, night) > 0 && !script.characters.some((c) => c.id === x.id))
    .sort((a, b) => nightPosition(a, night) - nightPosition(b, night));
  for (const x of joining) {
    if (out.some((e) => e.kind === 'character' && e.id === x.id)) continue;
    const at = nightPosition(x, night);
    const later = out.findIndex((e, i) => i > 0 && posOf(e) > at);
    out.splice(later < 0 ? out.length : later, 0, { kind: 'character', id: x.id });
  }
  return out;
}

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

export function nightOrder(script: Script, night: Night): NightEntry[] {
  const own = night === 'first' ? script.firstNight : script.otherNight;
  if (own) return fromScriptOrder(own, night);
  const pos = (c: ScriptCharacter) => (night === 'first' ? c.firstNight : c.otherNight);
  const items: { entry: NightEntry; at: number; rank: number }[] = [];
  for (const [id, at] of markerPositions(night)) items.push({ entry: { kind: 'marker', id }, at, rank: 0 });
  script.characters.forEach((c, i) => {
    if (pos(c) > 0) items.push({ entry: { kind: 'character', id: c.id }, at: pos(c), rank: 1 + (c.official ? 0 : 1) + i / 1000 });
  });
  // A homebrew character that names an official one's position wakes just after it.
  items.sort((a, b) => a.at - b.at || a.rank - b.rank);
  return items.map((x) => x.entry);
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

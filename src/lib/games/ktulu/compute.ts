/**
 * The numbers a Manitou should never have to work out at the table, as pure functions:
 * the Detector's arc, the Cleaning Lady's number of houses, whether a Runaway may escape,
 * and the Bungling Gods' and Kaszabara's 75 % rolls (through the game's seeded generator).
 *
 * Source: "Mała Księga Wielkiego Ktulu" (../shared/seeds/004_…), sections cited per function,
 * read as ../shared/RULES-NOTES.md ("Numbers the app computes for the Manitou") says.
 */
import { chance, type RngState } from '../../engine/rng';

/** The statue is destroyed after this many hits ("strzelą w niego 3 razy"). */
export const HITS_TO_DESTROY = 3;
/** The Aliens win after this many signals. */
export const SIGNALS_TO_WIN = 3;
/** The Gods' shots and Kaszabara's possession succeed with this probability. */
export const SUCCESS_75 = 0.75;

/**
 * "Sprzątaczka. Każdej nocy sprząta w sufit(n/10)+1 domach, gdzie n to liczba żyjących osób."
 * n counts every living player, the Cleaning Lady included.
 */
export function cleaningLadyHouses(living: number): number {
  if (!Number.isInteger(living) || living < 0) throw new RangeError(`living must be a whole number, got ${living}`);
  return Math.ceil(living / 10) + 1;
}

export interface Seat {
  seat: number;
  alive: boolean;
}

export type DetectorAnswer =
  /** The examined player holds the statue ("jeżeli ta osoba ma posążek, dowiaduje się tego"). */
  | { kind: 'examinedHolds' }
  /** The Detector holds it himself (he knows; the app says so rather than naming an arc). */
  | { kind: 'detectorHolds' }
  /** Nobody at the table holds it (taken by the Gods, gone with Lucky Luke, …). */
  | { kind: 'nowhere' }
  /**
   * The arc between the two that holds it: the seats passed going `clockwise` from the
   * examined player to the Detector (or the other way round), both ends excluded.
   */
  | { kind: 'arc'; direction: 'clockwise' | 'counterclockwise'; seats: number[] };

/**
 * "Detektor … dowiaduje się, w którym z dwóch łuków okręgu, na którym siedzą gracze, znajduje
 * się posążek (jeden koniec łuku wyznaczany jest przez badaną osobę, drugi przez detektora)."
 * The circle is the living players in seat order: the dead have left the table.
 */
export function detectorAnswer(seats: readonly Seat[], detector: number, examined: number, statue: number | null): DetectorAnswer {
  if (statue === null) return { kind: 'nowhere' };
  if (statue === examined) return { kind: 'examinedHolds' };
  if (statue === detector) return { kind: 'detectorHolds' };
  const ring = [...seats].filter((s) => s.alive || s.seat === detector || s.seat === examined).sort((a, b) => a.seat - b.seat).map((s) => s.seat);
  const from = ring.indexOf(examined);
  if (from < 0 || ring.indexOf(detector) < 0) throw new Error('The Detector and the examined player must both be seated.');
  // Walk round the table from the examined player to the Detector, one way and the other.
  const walk = (step: 1 | -1): number[] => {
    const out: number[] = [];
    for (let i = (from + step + ring.length) % ring.length; ring[i] !== detector; i = (i + step + ring.length) % ring.length) out.push(ring[i]);
    return out;
  };
  const clockwise = walk(1);
  if (clockwise.includes(statue)) return { kind: 'arc', direction: 'clockwise', seats: clockwise };
  const counterclockwise = walk(-1);
  if (counterclockwise.includes(statue)) return { kind: 'arc', direction: 'counterclockwise', seats: counterclockwise };
  return { kind: 'nowhere' };
}

/**
 * "Murzyn może uciec następnej nocy po tym, gdy od ostatniej ucieczki zdrapano tyle razy złoto
 * z posążka, ile zostało od tego czasu zabitych murzynów plus jeden." Counted at the start of
 * a night, from the scrapes of the nights before it.
 */
export function runawayMayEscape(scrapesSinceEscape: number, runawaysKilledSinceEscape: number): boolean {
  return scrapesSinceEscape >= runawaysKilledSinceEscape + 1;
}

/** Scrapes still needed before a Runaway may escape (0 when one may). */
export function scrapesNeeded(scrapesSinceEscape: number, runawaysKilledSinceEscape: number): number {
  return Math.max(0, runawaysKilledSinceEscape + 1 - scrapesSinceEscape);
}

export interface ShotResult {
  /** The shot succeeded (75 %). */
  landed: boolean;
  /** A landed shot at the statue's holder hits the statue; the Gods may then take it. */
  statueHit: boolean;
  /** A shot that failed kills the player shot at ("Jeśli strzał się nie udał osoba, w którą strzelano ginie"). */
  targetDies: boolean;
}

/** One of the Bungling Gods' shots, rolled with the game's generator. */
export function godsShot(rng: RngState, targetHoldsStatue: boolean): [ShotResult, RngState] {
  const [landed, next] = chance(rng, SUCCESS_75);
  return [{ landed, statueHit: landed && targetHoldsStatue, targetDies: !landed }, next];
}

/** Kaszabara's possession attempt ("Udaje mu się z prawdopodobieństwem 75%"). */
export function kaszabaraPossesses(rng: RngState): [boolean, RngState] {
  return chance(rng, SUCCESS_75);
}

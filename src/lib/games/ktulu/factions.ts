/**
 * Ktulu's seven factions ("Mała Księga Wielkiego Ktulu", "Streszczenie zasad" and "Opisy
 * postaci"), in the order the book lists them, which is also the order they act at night
 * ("W nocy wpierw działa Lucky Luke, potem wszyscy „nocni” członkowie miasta, dalej bandyci,
 * następnie Indianie, ufoludki, murzyni i na końcu bogowie partacze" — Lucky Luke acts
 * first although the book lists him fifth).
 *
 * The book's name for the Runaways is an outdated, offensive term: Lantern calls them
 * Zbiegowie / Runaways (RULES-NOTES, "Names"). Text lives in the `ktulu` namespace under
 * `factions.<id>` (the name) and `goals.<id>` (how the faction wins).
 */
import { FACTION_IDS, type FactionId, type RoleId } from './ids';

export { FACTION_IDS, type FactionId };

/**
 * How a faction comes into a game. "W grze biorą udział trzy bądź cztery (siedem) frakcji …
 * mieszkańcy miasteczka, bandyci, Indianie, potencjalnie ufoludki i jeszcze bardziej
 * potencjalnie Lucky Luke, murzyni i bogowie partacze":
 * - `basic`: in every game (the Town, the Bandits, the Indians);
 * - `classic`: the classic optional fourth faction (the Aliens: the book's "podstawowe 4 frakcje");
 * - `new`: the book's newly proposed, untested factions ("nie zostały one przetestowane").
 */
export type FactionKind = 'basic' | 'classic' | 'new';

export interface Faction {
  id: FactionId;
  kind: FactionKind;
  /**
   * The faction's leader, its highest-ranking member ("najwyższy rangą"): he decides when the
   * active members cannot agree, and who holds the faction's statue. The book ranks no one
   * below the leader; factions without one have the Manitou pick who decides.
   */
  leader?: RoleId;
  /** The role without abilities that fills the faction's remaining seats, if it has one. */
  plain?: RoleId;
  /**
   * The faction wakes and decides as one at night ("Każda frakcja oprócz miasta w swojej
   * fazie działa też jako całość"). Town members act one by one.
   */
  actsAsOne: boolean;
}

export const FACTIONS: Record<FactionId, Faction> = {
  town: { id: 'town', kind: 'basic', plain: 'townsman', actsAsOne: false },
  bandits: { id: 'bandits', kind: 'basic', leader: 'banditLeader', plain: 'bandit', actsAsOne: true },
  indians: { id: 'indians', kind: 'basic', leader: 'chief', plain: 'indian', actsAsOne: true },
  aliens: { id: 'aliens', kind: 'classic', leader: 'greatAlien', plain: 'alien', actsAsOne: true },
  luckyLuke: { id: 'luckyLuke', kind: 'new', actsAsOne: true },
  runaways: { id: 'runaways', kind: 'new', actsAsOne: true },
  gods: { id: 'gods', kind: 'new', actsAsOne: true }
};

/** The three factions in every game. */
export const BASIC_FACTIONS: readonly FactionId[] = FACTION_IDS.filter((f) => FACTIONS[f].kind === 'basic');

/** The factions the Manitou may add ("jako czwartej … frakcji dowolnej spośród ufoli, murzynów, Lucky Luka lub bogów"). */
export const OPTIONAL_FACTIONS: readonly FactionId[] = FACTION_IDS.filter((f) => FACTIONS[f].kind !== 'basic');

/**
 * Every role in "Mała Księga Wielkiego Ktulu" ("Opisy postaci"): 16 in the Town, 7 Bandits,
 * 9 Indians, 6 Aliens, Lucky Luke, 2 Runaways and 3 Bungling Gods, in the book's order.
 *
 * For each: its faction, its rank where the book gives one (only the leaders: "Herszt bandy
 * jest najwyższym rangą bandytą", "Wódz Indian jest najwyższym rangą Indianinem", "Wielki
 * ufol jest najwyższym rangą ufolem"), and what it does and how often, read from its
 * description. Names and one-sentence abilities live in the `ktulu` namespace under
 * `roles.<id>.name | ability`; how-often labels under `frequency.<kind>`.
 */
import { ROLE_IDS, type FactionId, type RoleId, type Uses } from './ids';
import type { Action } from './steps';

export { ROLE_IDS, type RoleId, type Uses };

/** When an ability is used: on the zero night, at night (from night 1), by day, or when someone dies. */
export type Timing = 'zeroNight' | 'night' | 'day' | 'onDeath';

/** Abilities used by day or at a death: they have no night step. */
export type DayAction =
  | 'gunslinger' // wins every duel against a non-gunslinger
  | 'reveal' // shows their card (Mayor: pardons the condemned if done at the hanging)
  | 'overrule' // announces a duel's result after the Manitou has (Judge, Drunk Judge)
  | 'revive'; // brings back someone who has just died (Doctor)

export type AbilityAction = Action | DayAction;

export interface Ability {
  /** The night step's action kind (steps.ts), or the day ability. */
  does: AbilityAction;
  timing: Timing;
  uses: Uses;
}

export interface Role {
  id: RoleId;
  faction: FactionId;
  /** 1 for a faction's leader; the book ranks no one else. */
  rank?: 1;
  /** A role without abilities, dealt to as many players as the Manitou likes. Every other role is one card. */
  plain?: true;
  /** What it does, in the order of the book's description. Empty for a role with no ability. */
  abilities: readonly Ability[];
}

const every = (does: AbilityAction, timing: Timing = 'night'): Ability => ({ does, timing, uses: 'every' });
const once = (does: AbilityAction, timing: Timing = 'night'): Ability => ({ does, timing, uses: 'once' });
const twice = (does: AbilityAction, timing: Timing = 'night'): Ability => ({ does, timing, uses: 'twice' });
/** The zero night happens once, so a zero-night ability is used once. */
const zero = (does: AbilityAction): Ability => ({ does, timing: 'zeroNight', uses: 'once' });

const r = (id: RoleId, faction: FactionId, abilities: Ability[], extra: Partial<Pick<Role, 'rank' | 'plain'>> = {}): Role => ({
  id,
  faction,
  abilities,
  ...extra
});

export const ROLES: Record<RoleId, Role> = {
  // "Szeryf … co noc (również zerowej nocy) zamyka w więzieniu jedną osobę." While alive, a duel may be refused: a standing rule, not an action.
  sheriff: r('sheriff', 'town', [zero('jail'), every('jail')]),
  // "Burmistrz może w dowolnym momencie gry odkryć swoją kartę": a card is revealed once.
  mayor: r('mayor', 'town', [once('reveal', 'day')]),
  // "Dziwka działa wyłącznie zerowej nocy."
  harlot: r('harlot', 'town', [zero('client')]),
  // "Pastor, co noc (również zerowej nocy) wybiera osobę, którą chce wyspowiadać."
  pastor: r('pastor', 'town', [zero('confess'), every('confess')]),
  // Wins every duel against a non-gunslinger.
  goodGunslinger: r('goodGunslinger', 'town', [every('gunslinger', 'day')]),
  // "Opój może dwa razy w trakcie gry wybrać osobę, z którą chce pójść się napić."
  drunkard: r('drunkard', 'town', [twice('drink')]),
  // "Ochroniarz, co noc wybiera osobę, którą chroni."
  bodyguard: r('bodyguard', 'town', [every('protect')]),
  // "Poborca podatków raz w trakcie gry może … dowiedzieć się, kto w danej chwili posiada posążek."
  taxCollector: r('taxCollector', 'town', [once('learnHolder')]),
  // "Lekarz raz w trakcie gry może wskrzesić świeżo zmarłą osobę": asked at a death in a duel or at night, no night step.
  doctor: r('doctor', 'town', [once('revive', 'onDeath')]),
  // "Hazardzista raz w trakcie gry, drugiej nocy bądź później, może rozpocząć grę w rosyjską ruletkę."
  gambler: r('gambler', 'town', [once('gamble')]),
  // "W dowolnym momencie gry agent ubezpieczeniowy może ujawnić, że jest agentem."
  insuranceAgent: r('insuranceAgent', 'town', [once('reveal', 'day')]),
  // "Sędzia raz w trakcie gry może po rozstrzygniętym pojedynku … samodzielnie ogłosić wynik."
  judge: r('judge', 'town', [once('overrule', 'day')]),
  // "Uwodziciel zerowej nocy wybiera osobę, którą chce uwieść."
  seducer: r('seducer', 'town', [zero('seduce')]),
  // The Judge's duel ruling once, and the Drunkard's drinking twice.
  drunkJudge: r('drunkJudge', 'town', [once('overrule', 'day'), twice('drink')]),
  // "Kat. Raz w ciągu gry może zabić wybraną osobę."
  hangman: r('hangman', 'town', [once('kill')]),
  townsman: r('townsman', 'town', [], { plain: true }),

  // "Herszt bandy jest najwyższym rangą bandytą. On też na początku gry posiada posążek."
  banditLeader: r('banditLeader', 'bandits', [], { rank: 1 }),
  avenger: r('avenger', 'bandits', [once('kill')]),
  thief: r('thief', 'bandits', [once('steal')]),
  badGunslinger: r('badGunslinger', 'bandits', [every('gunslinger', 'day')]),
  blackmailer: r('blackmailer', 'bandits', [zero('blackmail')]),
  // "Szuler może raz w trakcie gry wybrać osobę, z którą będzie grał."
  cardsharp: r('cardsharp', 'bandits', [once('playCards')]),
  bandit: r('bandit', 'bandits', [], { plain: true }),

  chief: r('chief', 'indians', [], { rank: 1 }),
  // "Szaman raz w trakcie gry może wpaść w trans i poznać kartę jednej osoby."
  shaman: r('shaman', 'indians', [once('learnCard')]),
  shamaness: r('shamaness', 'indians', [once('poison')]),
  // Every night on which he is the only active Indian.
  loneCoyote: r('loneCoyote', 'indians', [every('kill')]),
  warrior: r('warrior', 'indians', [once('kill')]),
  // Every night on which the Indians took the statue.
  burningRage: r('burningRage', 'indians', [every('kill')]),
  eagleEye: r('eagleEye', 'indians', [once('learnHolder')]),
  // Every night on which he has the statue (or the one he planted is still where he put it).
  silentFoot: r('silentFoot', 'indians', [every('plant')]),
  indian: r('indian', 'indians', [], { plain: true }),

  greatAlien: r('greatAlien', 'aliens', [], { rank: 1 }),
  greenTentacle: r('greenTentacle', 'aliens', [once('kill')]),
  detector: r('detector', 'aliens', [every('detect')]),
  mindEater: r('mindEater', 'aliens', [every('learnCard')]),
  purpleSucker: r('purpleSucker', 'aliens', [once('steal')]),
  alien: r('alien', 'aliens', [], { plain: true }),

  // "Jest rewolwerowcem. Ponadto raz w ciągu gry może zabić … Każdej nocy po swojej turze dowiaduje
  // się kto ma aktualnie posążek. Raz w ciągu gry może zadeklarować, że kogoś śledzi." He searches every night ("przeszukuje wybraną osobę").
  luckyLuke: r('luckyLuke', 'luckyLuke', [every('gunslinger', 'day'), every('search'), once('kill'), once('follow'), every('learnHolder')]),

  // "Każdej nocy wybiera sobie pana … dwa razy w trakcie gry może próbować ukraść swojemu panu posążek."
  kali: r('kali', 'runaways', [every('chooseMaster'), twice('robMaster')]),
  cleaningLady: r('cleaningLady', 'runaways', [every('clean')]),

  kaszabara: r('kaszabara', 'gods', [every('possess')]),
  // "Co noc może pojawić się w formie koszmaru jednej osobie."
  banner: r('banner', 'gods', [every('interrogate')]),
  // "Raz w ciągu gry może wykonać dodatkowy strzał … Ponadto jeśli posiada posążek może go podarować."
  heWhoseName: r('heWhoseName', 'gods', [once('shoot'), every('giveStatue')])
};

/** The roles of a faction, in the book's order. */
export function rolesOf(faction: FactionId): RoleId[] {
  return ROLE_IDS.filter((id) => ROLES[id].faction === faction);
}

/** Labels for how often a role acts, for its card (`ktulu:frequency.<kind>`). */
export type Frequency = 'zeroNight' | 'everyNight' | 'onceAtNight' | 'twiceAtNight' | 'byDay' | 'onceByDay' | 'onDeath' | 'none';

function frequencyOf(a: Ability): Frequency {
  switch (a.timing) {
    case 'zeroNight':
      return 'zeroNight';
    case 'onDeath':
      return 'onDeath';
    case 'day':
      return a.uses === 'every' ? 'byDay' : 'onceByDay';
    case 'night':
      return a.uses === 'every' ? 'everyNight' : a.uses === 'once' ? 'onceAtNight' : 'twiceAtNight';
  }
}

/** How often a role acts, each label once, in the order of its abilities; `['none']` without any. */
export function frequencies(role: RoleId): Frequency[] {
  const out = [...new Set(ROLES[role].abilities.map(frequencyOf))];
  return out.length ? out : ['none'];
}

/** The key under which a limited ability's uses are counted, e.g. `luckyLuke.kill`. */
export type SpentKey = `${RoleId}.${AbilityAction}`;

export const spentKey = (role: RoleId, does: AbilityAction): SpentKey => `${role}.${does}`;

/** How many times an ability may be used in a game: 1, 2, or Infinity. */
export function limit(uses: Uses): number {
  return uses === 'once' ? 1 : uses === 'twice' ? 2 : Infinity;
}

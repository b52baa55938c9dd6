/**
 * The Manitou's call order as data: "Materiały dla Manitou" at the end of "Mała Księga
 * Wielkiego Ktulu" — "Kolejność w trakcie zerowej nocy" (10 steps) and "Kolejność w trakcie
 * nocy" (59 steps). Same order, same numbers, so the book and this file can be read side by
 * side: each step carries the book's line as a comment.
 *
 * One step is added, as RULES-NOTES ("Gaps in the list") says: "45a", the Runaways' nightly
 * search, which the rules text gives ("następnie murzyni przeszukują jedną osobę") and the
 * list leaves out. Every book number is kept.
 *
 * Text lives in the `ktulu` namespace: `zeroNight.<n>.title | say | after` and
 * `night.<n>.title | say | after`. The title is the book's line (spelling mended, words kept,
 * names unified: "Gorący szał" is the Burning Rage, "ufole" the Aliens, the Runaways and Kali
 * by the names RULES-NOTES gives); `say` is what the Manitou reads aloud; `after`, for a step
 * whose actor wakes for it alone, sends them back to sleep.
 */
import type { FactionId, RoleId, Uses } from './ids';

/** Who is called: one role, a whole faction, or either of two roles (step 13). */
export type Actor = { role: RoleId } | { faction: FactionId } | { roles: readonly RoleId[] };

/** What a step does. `ACTIONS` says what answer each takes and what it may change. */
export type Action =
  | 'wake' // the faction or role opens its eyes
  | 'sleep' // … and closes them
  | 'meet' // zero night: the faction's members open their eyes and see one another
  | 'handStatue' // the faction decides which of its active members holds its statue
  | 'client' // the Harlot picks a client: she sees their card, they learn who she is
  | 'seduce' // the Seducer binds a player
  | 'blackmail' // the Blackmailer binds a player; a bandit picked means pick again
  | 'jail' // the Sheriff jails someone: asleep and unkillable till morning, statue seized
  | 'confess' // the Pastor learns someone's faction
  | 'rideAway' // Lucky Luke starts his turn with the statue: he rides off and wins
  | 'search' // pick one player: if they hold the statue, it passes to the searcher
  | 'kill' // pick one player to kill: the statue passes to the killer
  | 'follow' // Lucky Luke marks a player: if they get the statue within a day and a night, he takes it
  | 'learnHolder' // the Manitou shows who holds the statue
  | 'protect' // the Bodyguard protects someone from being killed tonight
  | 'gamble' // the Gambler's Russian roulette: picks until he points at a townsperson
  | 'drink' // someone goes drinking: they do not wake tonight
  | 'steal' // a once-per-game search (Thief, Purple Sucker)
  | 'playCards' // the Cardsharp's partner does not wake tonight and loses the statue to him
  | 'learnCard' // the Manitou shows someone's card
  | 'poison' // the Shamaness's victim dies the next day, before the search vote
  | 'plant' // the Silent Foot plants the statue on someone, or takes a planted one back
  | 'detect' // the Detector's arc
  | 'signal' // the Aliens, holding the statue after their move, send a signal
  | 'chooseEscapee' // the Runaways choose which of them escapes
  | 'escape' // the chosen Runaway escapes (leaves the game)
  | 'chooseMaster' // Kali picks a master and sees their card
  | 'robMaster' // Kali tries to take the statue from his master
  | 'clean' // the Cleaning Lady picks up to ceil(n/10)+1 houses: is the statue in any of them?
  | 'scrape' // the Runaways, holding the statue, scrape off one portion of gold
  | 'interrogate' // the Banner's nightmare: cooperate (card and statue shown) or die
  | 'shoot' // a shot that lands 75 % of the time: a landed shot hits a held statue, a miss kills
  | 'possess' // Kaszabara possesses someone 75 % of the time
  | 'giveStatue'; // He Whose Name No One Remembers gives the statue to anyone, who is told

/**
 * When a step is called beyond its actor being in play, alive and active:
 * - `holdsStatue`: the actor holds the statue (its faction does, for a faction step);
 * - `canPassStatue`: the actor's faction holds it and its holder is active (an inactive
 *   holder "nie może go przekazać");
 * - `fromSecondNight`: the Gambler plays "drugiej nocy bądź później";
 * - `loneCoyoteOnly`: the Lone Coyote is the only active Indian;
 * - `indiansTookStatueTonight`: the Indians took the statue this night;
 * - `silentFootStatue`: the Silent Foot holds the statue, or the one he planted is still on
 *   the player he planted it on (he may take it back);
 * - `runawayMayEscape`: the Runaways have scraped enough gold since the last escape.
 */
export type Condition =
  | 'holdsStatue'
  | 'canPassStatue'
  | 'fromSecondNight'
  | 'loneCoyoteOnly'
  | 'indiansTookStatueTonight'
  | 'silentFootStatue'
  | 'runawayMayEscape';

export interface KtuluStep {
  /** The book's number ("45a" for the added step). */
  n: string;
  actor: Actor;
  does: Action;
  when?: Condition;
  /** The book's "(każdej nocy)", "(raz na grę)", "(2 razy na grę)": once and twice are counted per role. */
  uses?: Uses;
  /** The actor may let the step pass (a limited ability, or the book's "może"). */
  may?: true;
  /** The actor woke for this step alone and is sent back to sleep after it (`after` text). */
  alone?: true;
}

/** The answer a step takes: nothing, one player, one member of the acting faction, several players, a run of picks, or yes/no. */
export type AnswerKind = 'none' | 'player' | 'member' | 'players' | 'sequence' | 'yesno';

/** What a step may change, for the machine. */
export type Change =
  | 'awake'
  | 'knowledge' // the actor learns something only the Manitou can show
  | 'bond' // the target may not act against the actor (Seducer, Blackmailer)
  | 'statue'
  | 'life'
  | 'inactive' // the target does not wake for the rest of the night
  | 'protection'
  | 'follow'
  | 'poison'
  | 'signals'
  | 'gold'
  | 'escape'
  | 'master'
  | 'possession'
  | 'statueHits'
  | 'win';

export const ACTIONS: Record<Action, { answer: AnswerKind; changes: readonly Change[] }> = {
  wake: { answer: 'none', changes: ['awake'] },
  sleep: { answer: 'none', changes: ['awake'] },
  meet: { answer: 'none', changes: ['knowledge'] },
  handStatue: { answer: 'member', changes: ['statue'] },
  client: { answer: 'player', changes: ['knowledge'] },
  seduce: { answer: 'player', changes: ['bond'] },
  blackmail: { answer: 'player', changes: ['bond'] },
  jail: { answer: 'player', changes: ['inactive', 'protection', 'statue'] },
  confess: { answer: 'player', changes: ['knowledge'] },
  rideAway: { answer: 'none', changes: ['win'] },
  search: { answer: 'player', changes: ['statue'] },
  kill: { answer: 'player', changes: ['life', 'statue'] },
  follow: { answer: 'player', changes: ['follow'] },
  learnHolder: { answer: 'none', changes: ['knowledge'] },
  protect: { answer: 'player', changes: ['protection'] },
  gamble: { answer: 'sequence', changes: ['life', 'statue'] },
  drink: { answer: 'player', changes: ['inactive'] },
  steal: { answer: 'player', changes: ['statue'] },
  playCards: { answer: 'player', changes: ['inactive', 'statue'] },
  learnCard: { answer: 'player', changes: ['knowledge'] },
  poison: { answer: 'player', changes: ['poison'] },
  plant: { answer: 'player', changes: ['statue'] },
  detect: { answer: 'player', changes: ['knowledge'] },
  signal: { answer: 'none', changes: ['signals', 'win'] },
  chooseEscapee: { answer: 'member', changes: ['escape'] },
  escape: { answer: 'none', changes: ['escape', 'win'] },
  chooseMaster: { answer: 'player', changes: ['master', 'knowledge'] },
  robMaster: { answer: 'yesno', changes: ['statue'] },
  clean: { answer: 'players', changes: ['knowledge'] },
  scrape: { answer: 'none', changes: ['gold'] },
  interrogate: { answer: 'player', changes: ['knowledge', 'life'] },
  shoot: { answer: 'player', changes: ['life', 'statueHits', 'statue', 'win'] },
  possess: { answer: 'player', changes: ['possession'] },
  giveStatue: { answer: 'player', changes: ['statue'] }
};

const role = (id: RoleId) => ({ role: id });
const faction = (id: FactionId) => ({ faction: id });

/** "Kolejność w trakcie zerowej nocy". */
export const ZERO_NIGHT: readonly KtuluStep[] = [
  // 1. Dziwka dziwkuje.
  { n: '1', actor: role('harlot'), does: 'client', alone: true },
  // 2. Uwodziciel uwodzi.
  { n: '2', actor: role('seducer'), does: 'seduce', alone: true },
  // 3. Szantażysta szantażuje (jeśli trafi na bandytę próbuje jeszcze raz)
  { n: '3', actor: role('blackmailer'), does: 'blackmail', alone: true },
  // 4. Szeryf zamyka.
  { n: '4', actor: role('sheriff'), does: 'jail', alone: true },
  // 5. Pastor działa
  { n: '5', actor: role('pastor'), does: 'confess', alone: true },
  // 6. Poznają się bandyci i ustalają kto będzie miał posążek. The statue comes into play here
  // (RULES-NOTES): the bandits meet and give it to one of their active members.
  { n: '6', actor: faction('bandits'), does: 'handStatue', alone: true },
  // 7. Poznają się indianie.
  { n: '7', actor: faction('indians'), does: 'meet', alone: true },
  // 8. Poznają się ufole.
  { n: '8', actor: faction('aliens'), does: 'meet', alone: true },
  // 9. Poznają się murzyni. (the Runaways)
  { n: '9', actor: faction('runaways'), does: 'meet', alone: true },
  // 10. Poznają się bogowie partacze.
  { n: '10', actor: faction('gods'), does: 'meet', alone: true }
];

/** "Kolejność w trakcie nocy", with 45a. */
export const NIGHT: readonly KtuluStep[] = [
  // — Lucky Luke —
  // 1. Budzi się Lucky Luke.
  { n: '1', actor: role('luckyLuke'), does: 'wake' },
  // 2. Odjeżdża jeśli ma posążek. ("jeśli na początku swojej tury ma posążek to odjeżdża")
  { n: '2', actor: role('luckyLuke'), does: 'rideAway', when: 'holdsStatue' },
  // 3. Przeszukuje (każdej nocy)
  { n: '3', actor: role('luckyLuke'), does: 'search', uses: 'every' },
  // 4. Zabija (raz na grę)
  { n: '4', actor: role('luckyLuke'), does: 'kill', uses: 'once', may: true },
  // 5. Śledzi (raz na grę)
  { n: '5', actor: role('luckyLuke'), does: 'follow', uses: 'once', may: true },
  // 6. Dowiaduje się kto ma posążek (każdej nocy).
  { n: '6', actor: role('luckyLuke'), does: 'learnHolder', uses: 'every' },
  // 7. Lucky Luke idzie spać.
  { n: '7', actor: role('luckyLuke'), does: 'sleep' },

  // — the Town's night roles, each waking alone —
  // 8. Szeryf zamyka w więzieniu (każdej nocy)
  { n: '8', actor: role('sheriff'), does: 'jail', uses: 'every', alone: true },
  // 9. Pastor spowiada (każdej nocy)
  { n: '9', actor: role('pastor'), does: 'confess', uses: 'every', alone: true },
  // 10. Poborca podatkowy sprawdza kto ma posążek (raz na grę)
  { n: '10', actor: role('taxCollector'), does: 'learnHolder', uses: 'once', may: true, alone: true },
  // 11. Ochroniarz wybiera osobę do chronienia (każdej nocy)
  { n: '11', actor: role('bodyguard'), does: 'protect', uses: 'every', alone: true },
  // 12. Hazardzista gra (raz na grę) — "drugiej nocy bądź później"
  { n: '12', actor: role('gambler'), does: 'gamble', uses: 'once', when: 'fromSecondNight', may: true, alone: true },
  // 13. Opój (lub pijany sędzia) spija (2 razy na grę)
  { n: '13', actor: { roles: ['drunkard', 'drunkJudge'] }, does: 'drink', uses: 'twice', may: true, alone: true },
  // 14. Kat zabija (raz na grę)
  { n: '14', actor: role('hangman'), does: 'kill', uses: 'once', may: true, alone: true },

  // — the Bandits —
  // 15. Bandyci się budzą.
  { n: '15', actor: faction('bandits'), does: 'wake' },
  // 16. Bandyci przeszukują (każdej nocy) — "mogą wybrać osobę, którą okradają"; called every
  // night, changing nothing while they hold the statue (RULES-NOTES).
  { n: '16', actor: faction('bandits'), does: 'search', uses: 'every', may: true },
  // 17. Bandyci ustalają kto ma posążek (jeśli mają)
  { n: '17', actor: faction('bandits'), does: 'handStatue', when: 'canPassStatue' },
  // 18. Bandyci idą spać.
  { n: '18', actor: faction('bandits'), does: 'sleep' },
  // 19. Mściciel zabija (raz na grę)
  { n: '19', actor: role('avenger'), does: 'kill', uses: 'once', may: true, alone: true },
  // 20. Złodziej kradnie (raz na grę)
  { n: '20', actor: role('thief'), does: 'steal', uses: 'once', may: true, alone: true },
  // 21. Szuler gra (raz na grę)
  { n: '21', actor: role('cardsharp'), does: 'playCards', uses: 'once', may: true, alone: true },

  // — the Indians —
  // 22. Budzą się indianie.
  { n: '22', actor: faction('indians'), does: 'wake' },
  // 23. Szaman sprawdza (raz na grę).
  { n: '23', actor: role('shaman'), does: 'learnCard', uses: 'once', may: true },
  // 24. Indianie zabijają. (każdej nocy)
  { n: '24', actor: faction('indians'), does: 'kill', uses: 'every' },
  // 25. Indianie zabijają ponownie (jeśli mają posążek). — "albo w wyniku zabójstwa zdobyli"
  { n: '25', actor: faction('indians'), does: 'kill', when: 'holdsStatue' },
  // 26. Indianie zabijają ponownie (jeśli działa tylko samotny kojot)
  { n: '26', actor: role('loneCoyote'), does: 'kill', when: 'loneCoyoteOnly' },
  // 27. Gorący szał zabija (jeśli indianie tej nocy przejęli posążek) — the Burning Rage
  { n: '27', actor: role('burningRage'), does: 'kill', when: 'indiansTookStatueTonight' },
  // 28. Szamanka podaje ziółka (raz na grę).
  { n: '28', actor: role('shamaness'), does: 'poison', uses: 'once', may: true },
  // 29. Wojownik zabija (raz na grę).
  { n: '29', actor: role('warrior'), does: 'kill', uses: 'once', may: true },
  // 30. Indianie decydują kto będzie miał posążek (jeśli mają).
  { n: '30', actor: faction('indians'), does: 'handStatue', when: 'canPassStatue' },
  // 31. Cicha stopa oddaje posążek (jeśli ma). — and takes back a planted one (RULES-NOTES)
  { n: '31', actor: role('silentFoot'), does: 'plant', when: 'silentFootStatue', may: true },
  // 32. Indianie idą spać.
  { n: '32', actor: faction('indians'), does: 'sleep' },
  // 33. Lornecie oko sprawdza kto ma posążek (raz na grę).
  { n: '33', actor: role('eagleEye'), does: 'learnHolder', uses: 'once', may: true, alone: true },

  // — the Aliens —
  // 34. Budzą się ufoki.
  { n: '34', actor: faction('aliens'), does: 'wake' },
  // 35. Detektor sprawdza (co noc).
  { n: '35', actor: role('detector'), does: 'detect', uses: 'every' },
  // 36. Pożeracz umysłów sprawdza (co noc).
  { n: '36', actor: role('mindEater'), does: 'learnCard', uses: 'every' },
  // 37. Ufoki przeszukują (co noc).
  { n: '37', actor: faction('aliens'), does: 'search', uses: 'every' },
  // 38. Zielona macka zabija (raz na grę).
  { n: '38', actor: role('greenTentacle'), does: 'kill', uses: 'once', may: true },
  // 39. Purpurowa przyssawka przeszukuje (raz na grę).
  { n: '39', actor: role('purpleSucker'), does: 'steal', uses: 'once', may: true },
  // 40. Ufoki nadają sygnał (jeśli mają posążek).
  { n: '40', actor: faction('aliens'), does: 'signal', when: 'holdsStatue' },
  // 41. Ufoki decydują kto będzie miał posążek (jeśli mają).
  { n: '41', actor: faction('aliens'), does: 'handStatue', when: 'canPassStatue' },
  // 42. Ufoki idą spać.
  { n: '42', actor: faction('aliens'), does: 'sleep' },

  // — the Runaways —
  // 43. Budzą się murzyni.
  { n: '43', actor: faction('runaways'), does: 'wake' },
  // 44. Wybierają kto ucieka (jeśli ktoś może uciec)
  { n: '44', actor: faction('runaways'), does: 'chooseEscapee', when: 'runawayMayEscape' },
  // 45. Wybrany ucieka (jeśli jest wybrany) — one is chosen whenever one may escape ("robi to").
  { n: '45', actor: faction('runaways'), does: 'escape', when: 'runawayMayEscape' },
  // 45a. (not in the list) "następnie murzyni przeszukują jedną osobę"
  { n: '45a', actor: faction('runaways'), does: 'search', uses: 'every' },
  // 46. Kali wybiera pana (co noc)
  { n: '46', actor: role('kali'), does: 'chooseMaster', uses: 'every' },
  // 47. Kali okrada pana (2 razy na grę)
  { n: '47', actor: role('kali'), does: 'robMaster', uses: 'twice', may: true },
  // 48. Sprzątaczka sprząta (co noc)
  { n: '48', actor: role('cleaningLady'), does: 'clean', uses: 'every' },
  // 49. Murzyni zdrapują (jeśli mają posążek)
  { n: '49', actor: faction('runaways'), does: 'scrape', when: 'holdsStatue' },
  // 50. Murzyni decydują kto będzie miał posążek (jeśli mają).
  { n: '50', actor: faction('runaways'), does: 'handStatue', when: 'canPassStatue' },
  // 51. Murzyni idą spać.
  { n: '51', actor: faction('runaways'), does: 'sleep' },

  // — the Bungling Gods —
  // 52. Chorągiew przesłuchuje (może co noc) — before the gods wake, alone
  { n: '52', actor: role('banner'), does: 'interrogate', uses: 'every', may: true, alone: true },
  // 53. Budzą się bogowie partacze.
  { n: '53', actor: faction('gods'), does: 'wake' },
  // 54. Bogowie strzelają (co noc).
  { n: '54', actor: faction('gods'), does: 'shoot', uses: 'every' },
  // 55. Ten, którego imienia nikt nie pamięta strzela (raz na grę)
  { n: '55', actor: role('heWhoseName'), does: 'shoot', uses: 'once', may: true },
  // 56. Kaszabara opętuje (co noc).
  { n: '56', actor: role('kaszabara'), does: 'possess', uses: 'every' },
  // 57. Bogowie decydują kto ma posążek (jeśli mają)
  { n: '57', actor: faction('gods'), does: 'handStatue', when: 'canPassStatue' },
  // 58. Ten, którego imienia nikt nie pamięta oddaje posążek (jeśli ma)
  { n: '58', actor: role('heWhoseName'), does: 'giveStatue', when: 'holdsStatue', may: true },
  // 59. Bogowi idą spać.
  { n: '59', actor: faction('gods'), does: 'sleep' }
];


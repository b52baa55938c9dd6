/**
 * The names Ktulu's factions, roles and steps share: the factions' and the roles' ids and how
 * often an ability is used. Kept apart so that factions.ts, roles.ts and steps.ts each import
 * from here and none from another (each re-exports what it always offered).
 */

export const FACTION_IDS = ['town', 'bandits', 'indians', 'aliens', 'luckyLuke', 'runaways', 'gods'] as const;

export type FactionId = (typeof FACTION_IDS)[number];

export const ROLE_IDS = [
  // Miasto
  'sheriff', // Szeryf
  'mayor', // Burmistrz
  'harlot', // Dziwka
  'pastor', // Pastor
  'goodGunslinger', // Dobry rewolwerowiec
  'drunkard', // Opój
  'bodyguard', // Ochroniarz
  'taxCollector', // Poborca podatków
  'doctor', // Lekarz
  'gambler', // Hazardzista
  'insuranceAgent', // Agent ubezpieczeniowy
  'judge', // Sędzia
  'seducer', // Uwodziciel
  'drunkJudge', // Pijany sędzia
  'hangman', // Kat
  'townsman', // Miastowy
  // Bandyci
  'banditLeader', // Herszt
  'avenger', // Mściciel
  'thief', // Złodziej
  'badGunslinger', // Zły rewolwerowiec
  'blackmailer', // Szantażysta
  'cardsharp', // Szuler
  'bandit', // Bandyta
  // Indianie
  'chief', // Wódz
  'shaman', // Szaman
  'shamaness', // Szamanka
  'loneCoyote', // Samotny kojot
  'warrior', // Wojownik
  'burningRage', // Płonący szał
  'eagleEye', // Lornecie oko
  'silentFoot', // Cicha stopa
  'indian', // Indianin
  // Ufoki
  'greatAlien', // Wielki Ufol
  'greenTentacle', // Zielona macka
  'detector', // Detektor
  'mindEater', // Pożeracz umysłów
  'purpleSucker', // Purpurowa przyssawka
  'alien', // Ufol
  // Lucky Luke
  'luckyLuke',
  // Zbiegowie
  'kali', // Kali
  'cleaningLady', // Sprzątaczka
  // Bogowie partacze
  'kaszabara', // Kaszabara
  'banner', // Chorągiew
  'heWhoseName' // Ten, którego imienia nikt nie pamięta
] as const;

export type RoleId = (typeof ROLE_IDS)[number];

/** How often: at every chance (every night, every duel), or only once or twice per game. */
export type Uses = 'every' | 'once' | 'twice';

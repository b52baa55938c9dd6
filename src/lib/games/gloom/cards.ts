/**
 * Cthulhu Gloom's cards as facts: each card's name as printed on the card list, its type and
 * the deck it is listed in (the sheet: 20 Characters, 54 Modifiers, 11 Events, 20 Untimely
 * Deaths and 5 Stories). What a card prints in its Pathos and story-icon spaces is on the
 * physical card, not in the list: the players enter it once and the phone remembers it by name.
 */

export type CardType = 'character' | 'modifier' | 'event' | 'death' | 'story';

export interface CardFact {
  name: string;
  type: CardType;
  deck: 'A' | 'B';
}

const LIST: readonly (readonly [string, CardType, 'A' | 'B'])[] = [
  // characters, deck A
  ['Doctor Willett', 'character', 'A'],
  ['Casilda & Camila', 'character', 'A'],
  ['Henry Akeley', 'character', 'A'],
  ['Randolph Carter', 'character', 'A'],
  ['Tigger-Man', 'character', 'A'],
  ['Anna Tilton', 'character', 'A'],
  ['Barnabas Marsh', 'character', 'A'],
  ['Joe Sergeant', 'character', 'A'],
  ["Pth'thya-I'yi", 'character', 'A'],
  ['Zadok Allen', 'character', 'A'],
  // characters, deck B
  ['Asenath Waite', 'character', 'B'],
  ['Edward Derby', 'character', 'B'],
  ['Herbert West', 'character', 'B'],
  ['Walter Gilman', 'character', 'B'],
  ['Professor Armitage', 'character', 'B'],
  ['Junior', 'character', 'B'],
  ['Lavinia Whateley', 'character', 'B'],
  ['Old Whately', 'character', 'B'],
  ['Rutherford Whately', 'character', 'B'],
  ['Wilbur Whately', 'character', 'B'],
  // modifiers, deck A
  ['Admired Alien Architecture', 'modifier', 'A'],
  ['Bargained for Books', 'modifier', 'A'],
  ['Caroused With A Cultist', 'modifier', 'A'],
  ['Corresponded With A Colleague', 'modifier', 'A'],
  ['Crawled Through Catacombs', 'modifier', 'A'],
  ['Delved Too Deep', 'modifier', 'A'],
  ['Dined With Degenerates', 'modifier', 'A'],
  ['Discovered A Diary', 'modifier', 'A'],
  ['Dreamed Of Delights', 'modifier', 'A'],
  ['Entertained An Heiress', 'modifier', 'A'],
  ['Feasted On Flesh', 'modifier', 'A'],
  ['Felt Rather Fishy', 'modifier', 'A'],
  ['Fled Frantically', 'modifier', 'A'],
  ['Forgot About The Fungi', 'modifier', 'A'],
  ['Fought Something Formless', 'modifier', 'A'],
  ['Found A Curious Colour', 'modifier', 'A'],
  ['Found A New Faith', 'modifier', 'A'],
  ['Gibbered With Ghouls', 'modifier', 'A'],
  ['Got A Room At Gilmans', 'modifier', 'A'],
  ['Had Hideous Hallucinations', 'modifier', 'A'],
  ['Had Too Many Tentacles', 'modifier', 'A'],
  ['Heard Horrifying Howls', 'modifier', 'A'],
  ['Inherited An Idol', 'modifier', 'A'],
  ['Investigated Innsmouth', 'modifier', 'A'],
  ['Learned Loathsome Lore', 'modifier', 'A'],
  ['Loved A Librarian', 'modifier', 'A'],
  ['Married A Marsh', 'modifier', 'A'],
  // modifiers, deck B
  ['Matriculated At Miskatonic', 'modifier', 'B'],
  ['Perused Pickman’s Portfolio', 'modifier', 'B'],
  ['Researched a Ritual', 'modifier', 'B'],
  ['Saw The Sticky Star-Spawn', 'modifier', 'B'],
  ['Searched A Sepulcher', 'modifier', 'B'],
  ['Stole From The Stacks', 'modifier', 'B'],
  ['Touched The Trapezohedron', 'modifier', 'B'],
  ['Triumphed in Tenure', 'modifier', 'B'],
  ['Visited Vermont', 'modifier', 'B'],
  ['Was Analyzed By Alienists', 'modifier', 'B'],
  ['Was Delirious For Days', 'modifier', 'B'],
  ['Was Followed By Fungi', 'modifier', 'B'],
  ['Was Hunted By Hounds', 'modifier', 'B'],
  ['Was Minced By Mi-Go', 'modifier', 'B'],
  ['Was Nettled By Nightmares', 'modifier', 'B'],
  ['Was Possessed From The Past', 'modifier', 'B'],
  ['Was Pursued By Polyps', 'modifier', 'B'],
  ['Was Rattled By Rats', 'modifier', 'B'],
  ['Was Replaced By A Relative', 'modifier', 'B'],
  ['Was Spotted At A Speakeasy', 'modifier', 'B'],
  ['Was Stalked By Shadows', 'modifier', 'B'],
  ['Was Stuck In A Sanitarium', 'modifier', 'B'],
  ['Was Suddenly Squamous', 'modifier', 'B'],
  ['Went Digging Around Dunwich', 'modifier', 'B'],
  ['Went Mad At The Mountains', 'modifier', 'B'],
  ['Went Rafting By The Reef', 'modifier', 'B'],
  ['Worried About Whippoorwills', 'modifier', 'B'],
  // events, deck A
  ['Brainstorm', 'event', 'A'],
  ['Even Death May Die', 'event', 'A'],
  ["Ghouls' Night Out", 'event', 'A'],
  ['Mass Hysteria', 'event', 'A'],
  ['Only A Dream', 'event', 'A'],
  // events, deck B
  ['Tekeli-li!', 'event', 'B'],
  ['The Festival', 'event', 'B'],
  ['The Stars Are Wrong', 'event', 'B'],
  ['The Thing on the Doorstep', 'event', 'B'],
  ['The Voorish Sigh', 'event', 'B'],
  ['Yithian Hijinks', 'event', 'B'],
  // deaths, deck A
  ['Was Haunted In The Dark', 'death', 'A'],
  ['Is Resting in Peace', 'death', 'A'],
  ['Was Taken To Yuggoth', 'death', 'A'],
  ['Was Crushed By A Shoggoth', 'death', 'A'],
  ['Wasted Away', 'death', 'A'],
  ['Read The Wrong Play', 'death', 'A'],
  ['Disappeared In The Night', 'death', 'A'],
  ['Died From Sheer Fright', 'death', 'A'],
  ['Was Trapped In The Ice', 'death', 'A'],
  ['Said “Hastur” Thrice', 'death', 'A'],
  // deaths, deck B
  ['Lost Their Heart', 'death', 'B'],
  ['Paid A Price For Their Art', 'death', 'B'],
  ['Was Brought Down By Dogs', 'death', 'B'],
  ['Was Eaten By Frogs', 'death', 'B'],
  ['Was Burned Alive', 'death', 'B'],
  ['Never Returned From A Dive', 'death', 'B'],
  ['Was Part of the Feast', 'death', 'B'],
  ['Fell Prey to a Beast', 'death', 'B'],
  ['Is Dead, But Dreaming', 'death', 'B'],
  ['Will Never Stop Screaming', 'death', 'B'],
  // storys, deck A
  ['Friends With The Feds', 'story', 'A'],
  ['The Call of Cthulhu', 'story', 'A'],
  ['The King In Yellow', 'story', 'A'],
  // storys, deck B
  ['The Necronomicon', 'story', 'B'],
  ['Yog Sothoth', 'story', 'B'],
];

export const CARDS: readonly CardFact[] = LIST.map(([name, type, deck]) => ({ name, type, deck }));

/** The card list's cards of one type, in the list's order. */
export const cardsOf = (type: CardType): CardFact[] => CARDS.filter((c) => c.type === type);

/** How a name is compared: case, spacing and the apostrophes' and quotes' shapes do not matter. */
export function cardKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en');
}

const BY_KEY = new Map(CARDS.map((c) => [cardKey(c.name), c]));

/** The listed card with this name (however its quotes or case are typed), if there is one. */
export const findCard = (name: string): CardFact | undefined => BY_KEY.get(cardKey(name));

/**
 * Cards whose name contains every word typed, for the searchable list: names starting with
 * the text first, then the rest, each in the list's order.
 */
export function searchCards(text: string, types?: readonly CardType[]): CardFact[] {
  const pool = types ? CARDS.filter((c) => types.includes(c.type)) : [...CARDS];
  const words = cardKey(text).split(' ').filter(Boolean);
  if (words.length === 0) return pool;
  const hits = pool.filter((c) => {
    const key = cardKey(c.name);
    return words.every((w) => key.includes(w));
  });
  const q = cardKey(text);
  return [...hits.filter((c) => cardKey(c.name).startsWith(q)), ...hits.filter((c) => !cardKey(c.name).startsWith(q))];
}

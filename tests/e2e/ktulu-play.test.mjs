/**
 * A Ktulu game in the built app, as a Manitou runs it on a phone set to Polish: twelve players,
 * the suggested roster with the Aliens, dealt pass-and-peek (each card read as its player sees
 * it), then the zero night, day 1 (introductions, a duel refused, the search, no hanging) and
 * night 1, every step checked by the book's number, line and read-aloud sentence. In the middle
 * of night 1 the page is reloaded: the same step comes back, with the jail, the drinking and the
 * statue still marked; Undo then walks back to the drinking, which is taken back, and the same
 * answers lead to the same step. The morning after reads out only the public facts; the night's secrets
 * are the Manitou's. The same roster recorded as a physical deal in English starts with the
 * same numbered steps in English. Axe on the script in night mode and on the morning card.
 *
 * Who holds which card is only known once the deal is read, so every answer is chosen by card
 * (the Sheriff jails the Chief, the Indians kill the Bandit Leader, and so on), and the game goes
 * the same way whatever the deal.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations, describeViolations, freshPage, useApp } from './harness.mjs';
import { brokenNames, chooseAndNext, count, dealAndRead, holdSecrets, next, press, rawTexts, readScript, setUpKtulu, undo, waitForNightMode, WORDS } from './manitou.mjs';
import { waitForGameScreen, waitForReady } from './keeper.mjs';

const app = useApp();

const NAMES = ['Ania', 'Bartek', 'Celina', 'Darek', 'Ewa', 'Filip', 'Gosia', 'Hubert', 'Iga', 'Janek', 'Kasia', 'Leon'];

/** The suggested roster for twelve with the Aliens, card by card. */
const CARDS = {
  pl: {
    sheriff: 'Szeryf',
    harlot: 'Dziwka',
    goodGunslinger: 'Dobry rewolwerowiec',
    drunkard: 'Opój',
    badGunslinger: 'Zły rewolwerowiec',
    banditLeader: 'Herszt',
    avenger: 'Mściciel',
    shaman: 'Szaman',
    chief: 'Wódz',
    indian: 'Indianin',
    greatAlien: 'Wielki Ufol',
    greenTentacle: 'Zielona macka'
  },
  en: {
    sheriff: 'Sheriff',
    harlot: 'Harlot',
    goodGunslinger: 'Good Gunslinger',
    drunkard: 'Drunkard',
    badGunslinger: 'Bad Gunslinger',
    banditLeader: 'Bandit Leader',
    avenger: 'Avenger',
    shaman: 'Shaman',
    chief: 'Chief',
    indian: 'Indian',
    greatAlien: 'Great Alien',
    greenTentacle: 'Green Tentacle'
  }
};

/** The zero night this roster is called for: the book's numbers, lines and what is read aloud. */
const ZERO_NIGHT = [
  {
    n: '1',
    pl: ['Dziwka dziwkuje.', 'Dziwko, obudź się. Wskaż osobę, która zostanie twoim klientem.'],
    en: ['The Harlot plies her trade.', 'Harlot, wake up. Point at the person who will be your client.']
  },
  {
    n: '4',
    pl: ['Szeryf zamyka.', 'Szeryfie, obudź się. Kogo zamykasz w więzieniu?'],
    en: ['The Sheriff locks up.', 'Sheriff, wake up. Whom do you lock up in jail?']
  },
  {
    n: '6',
    pl: ['Poznają się bandyci i ustalają, kto będzie miał posążek.', 'Bandyci, obudźcie się i poznajcie się. Ustalcie, kto będzie miał posążek.'],
    en: ['The bandits meet and settle who will have the statue.', 'Bandits, wake up and meet one another. Settle who will have the statue.']
  },
  { n: '7', pl: ['Poznają się Indianie.', 'Indianie, obudźcie się i poznajcie się.'], en: ['The Indians meet.', 'Indians, wake up and meet one another.'] },
  { n: '8', pl: ['Poznają się ufoki.', 'Ufoki, obudźcie się i poznajcie się.'], en: ['The aliens meet.', 'Aliens, wake up and meet one another.'] }
];

const PL = {
  ...WORDS.pl,
  aliens: 'Ufoki',
  number: (n) => `Nr ${n}`,
  step: (i, total) => `Krok ${i} z ${total}`,
  closed: 'Oczy zamknięte',
  open: 'Oczy otwarte',
  nobody: 'Nikt'
};

const EN = {
  ...WORDS.en,
  aliens: 'Aliens',
  number: (n) => `No. ${n}`,
  step: (i, total) => `Step ${i} of ${total}`,
  closed: 'Eyes closed',
  open: 'Eyes open',
  nobody: 'Nobody'
};

async function assertAxeClean(page, where) {
  const violations = await axeViolations(page);
  assert.equal(violations.length, 0, `${where}:\n${describeViolations(violations)}`);
}

/** Checks what every screen owes the Manitou, and returns the step as shown. */
async function look(page, where) {
  const s = await readScript(page);
  assert.equal(s.stage, 'play', `${where}: still playing`);
  assert.deepEqual(await rawTexts(page), [], `${where}: no untranslated text`);
  assert.deepEqual(await brokenNames(page), [], `${where}: every name in the answer on one line`);
  return s;
}

const choice = (s, name) => {
  const c = s.choices.find((x) => x.name === name);
  assert.ok(c, `${name} is listed in the answer (${s.choices.map((x) => x.name).join(', ')})`);
  return c;
};
const enabled = (s) => s.choices.filter((c) => c.enabled).map((c) => c.name);

/** The card's name → the player holding it, from the cards each player was shown. */
function holders(cards, language) {
  const who = {};
  for (const [role, card] of Object.entries(CARDS[language])) who[role] = NAMES.find((n) => cards[n] === card);
  return who;
}

/** The zero night's steps from the Harlot to the Aliens; returns the numbers shown, in order. */
async function playZeroNight(page, w, lang, who) {
  const numbers = [];
  const called = (s, i) => {
    const step = ZERO_NIGHT[i];
    numbers.push(s.number);
    assert.equal(s.phase, lang === 'pl' ? 'Zerowa noc' : 'Zero night', 'the book’s “zerowa noc”');
    assert.equal(s.number, w.number(step.n), `zero night step ${i + 1} is the book's number ${step.n}`);
    assert.deepEqual([s.title, s.prompt], step[lang]);
    assert.equal(s.progress, w.step(i + 1, ZERO_NIGHT.length));
    assert.equal(s.eyes, w.closed);
    assert.equal(s.night, true, 'night mode while eyes are closed');
  };

  // 1. The Harlot: never herself; her client then learns who she is.
  let s = await look(page, 'zero night 1');
  called(s, 0);
  assert.equal(choice(s, who.harlot).enabled, false, 'the Harlot cannot pick herself');
  assert.equal(enabled(s).length, NAMES.length - 1);
  s = await chooseAndNext(page, w, who.sheriff);
  assert.equal(s.number, w.number('1'), 'the client wakes within step 1');
  assert.ok(s.hints.some((h) => h.includes(who.sheriff) && h.includes(CARDS[lang].sheriff)), `the Manitou shows the Harlot the client's card: ${s.hints}`);
  assert.equal(s.after, lang === 'pl' ? 'Dziwko, idź spać.' : 'Harlot, go to sleep.');
  s = await next(page, w);

  // 4. The Sheriff jails the Chief (he sleeps through the rest of the zero night).
  s = await look(page, 'zero night 4');
  called(s, 1);
  assert.equal(choice(s, who.sheriff).enabled, false, 'the Sheriff cannot jail himself');
  s = await chooseAndNext(page, w, who.chief);

  // 6. The bandits meet; the statue comes into play with one of them.
  s = await look(page, 'zero night 6');
  called(s, 2);
  assert.deepEqual(enabled(s).sort(), [who.banditLeader, who.badGunslinger, who.avenger].sort(), 'only the bandits can be given the statue');
  assert.ok(choice(s, who.chief).marks.includes(lang === 'pl' ? 'W więzieniu' : 'In jail'), 'the jailed Chief is marked');
  s = await chooseAndNext(page, w, who.banditLeader);

  // 7. The Indians meet, without their jailed Chief.
  s = await look(page, 'zero night 7');
  called(s, 3);
  const awake = s.hints.find((h) => h.includes(who.shaman));
  assert.ok(awake && awake.includes(who.indian) && !awake.includes(who.chief), `the Chief sleeps in jail: ${s.hints}`);
  s = await next(page, w);

  // 8. The Aliens meet.
  s = await look(page, 'zero night 8');
  called(s, 4);
  await next(page, w);
  return numbers;
}

describe('a Ktulu game for twelve', () => {
  test('in Polish: dealt pass-and-peek, through the zero night, day 1 and night 1, with a reload mid-night', { timeout: 180_000 }, async (t) => {
    const { context, page } = await freshPage(app, { locale: 'pl-PL' });
    try {
      const w = PL;
      await setUpKtulu(page, app.url, w, { names: NAMES, factions: [w.aliens] });
      assert.equal(await page.locator('main').getAttribute('data-stage'), 'dealing');

      // The deal: each player sees one card of the roster, every card dealt once.
      const cards = await dealAndRead(page, w, NAMES);
      assert.deepEqual(Object.values(cards).sort(), Object.values(CARDS.pl).sort(), 'the twelve cards of the roster, each dealt once');
      const who = holders(cards, 'pl');
      t.diagnostic(`deal: ${NAMES.map((n) => `${n} ${cards[n]}`).join(', ')}`);

      // ---- The zero night.
      await waitForGameScreen(page);
      await waitForNightMode(page);
      await assertAxeClean(page, 'script, night mode (zero night, step 1)');
      assert.deepEqual(await playZeroNight(page, w, 'pl', who), ['Nr 1', 'Nr 4', 'Nr 6', 'Nr 7', 'Nr 8']);

      // ---- Day 1. The morning: the jail is public, who has the statue is not.
      let s = await look(page, 'day 1 morning');
      assert.equal(s.phase, 'Dzień 1');
      assert.equal(s.title, 'Poranek');
      assert.equal(s.prompt, 'Miasto się budzi! Nad Bum-bum City wstaje poranek.');
      assert.equal(s.eyes, w.open);
      assert.equal(s.night, false, 'no night mode once eyes are open');
      assert.ok(s.announce.includes(`Szeryf zamknął w więzieniu: ${who.chief}.`), `public: ${s.announce}`);
      assert.ok(!s.announce.some((l) => l.includes(who.banditLeader)), 'the statue holder is never named aloud');
      assert.ok(s.announce.includes('Posążek jest u bandytów, jak na początku gry.'), `where the statue is, not a change of hands: ${s.announce}`);
      // The Manitou's secrets are off the screen while the town looks on, until held.
      assert.ok(!s.hints.some((h) => h.includes(who.banditLeader)), `held back: ${s.hints}`);
      const held = await holdSecrets(page, w);
      assert.ok(held.hints.includes(`Posążek przechodzi do: ${who.banditLeader} (Bandyci).`), `secret: ${held.hints}`);
      s = await next(page, w);

      assert.equal(s.title, 'Przedstawienie się');
      assert.equal(s.prompt, 'Przedstawcie się po kolei: imię i czym się zajmujecie w miasteczku. Tylko nie zdradzajcie kart!');
      s = await next(page, w);

      // A duel: the Bad Gunslinger challenges the Sheriff, who refuses (the Sheriff is alive).
      s = await look(page, 'day 1 council');
      assert.equal(s.title, 'Obrady i pojedynki');
      assert.ok(s.facts.includes('Pojedynki dzisiaj: 0 z 2.'), `state: ${s.facts}`);
      s = await chooseAndNext(page, w, who.badGunslinger);
      assert.equal(s.prompt, `${who.badGunslinger}, kogo wyzywasz na pojedynek?`);
      assert.equal(choice(s, who.badGunslinger).enabled, false, 'nobody challenges themselves');
      s = await chooseAndNext(page, w, who.sheriff);
      assert.equal(s.prompt, `${who.sheriff}, ${who.badGunslinger} wyzywa cię na pojedynek. Czy przyjmujesz wyzwanie?`);
      assert.deepEqual(s.buttons, ['Przyjmuje', 'Odrzuca']);
      s = await press(page, 'Odrzuca');
      assert.equal(s.title, 'Obrady i pojedynki', 'a refused duel goes back to the council');
      assert.ok(s.facts.includes('Pojedynki dzisiaj: 0 z 2.'), 'a refused duel does not count');
      s = await chooseAndNext(page, w, 'Koniec pojedynków: do przeszukania');

      // The search: two searches a day, every player named in the count.
      s = await look(page, 'day 1 search');
      assert.equal(s.title, 'Przeszukanie');
      assert.equal(s.prompt, 'Kogo rada przeszukuje? Każdy ma 2 głosy, każdy na inną osobę; nie wolno się wstrzymać.');
      assert.deepEqual(s.tally, NAMES);
      s = await count(page, w, { [who.drunkard]: 9, [who.goodGunslinger]: 7, [who.greenTentacle]: 5, [who.avenger]: 3 });

      // Nobody searched had the statue; the council hangs nobody.
      s = await look(page, 'day 1 hanging');
      assert.equal(s.title, 'Wieszanie');
      assert.ok(s.announce.some((l) => l.startsWith('Rada przeszukała:') && l.includes(who.drunkard) && l.includes(who.goodGunslinger)), `${s.announce}`);
      assert.ok(s.announce.includes('Nikt z nich nie ma posążka.'));
      assert.deepEqual(s.buttons, ['Tak, wieszamy', 'Nie (także przy remisie)']);
      s = await press(page, 'Nie (także przy remisie)');

      assert.equal(s.title, 'Zapada noc');
      assert.equal(s.prompt, 'Zapada noc. Miasto zasypia – wszyscy zamykają oczy.');
      s = await next(page, w);

      // ---- Night 1.
      const seen = [];
      const step = async (n, title, prompt) => {
        const now = await look(page, `night 1, step ${n}`);
        assert.equal(now.phase, 'Noc 1');
        assert.equal(now.number, `Nr ${n}`, `expected the book's step ${n}: ${now.title}`);
        if (title) assert.equal(now.title, title);
        if (prompt) assert.equal(now.prompt, prompt);
        assert.equal(now.eyes, w.closed);
        assert.equal(now.night, true);
        seen.push(n);
        return now;
      };

      // 8. The Sheriff jails the Chief again; the Bandit Leader is marked with the statue.
      s = await step('8', 'Szeryf zamyka w więzieniu (każdej nocy).', 'Szeryfie, obudź się. Kogo zamykasz w więzieniu?');
      assert.match(s.progress ?? '', /^Krok 1 z \d+$/);
      assert.equal(choice(s, who.sheriff).enabled, false);
      assert.ok(choice(s, who.banditLeader).marks.includes('Ma posążek'));
      s = await chooseAndNext(page, w, who.chief);

      // 13. The Drunkard takes the Green Tentacle drinking.
      const at13 = await step('13', 'Opój (lub pijany sędzia) spija (2 razy na grę).', 'Opoju lub pijany sędzio, obudź się. Czy chcesz się z kimś napić? Jeśli tak, wskaż z kim.');
      assert.ok(!choice(at13, who.greenTentacle).marks.includes('Na popijawie'));
      s = await chooseAndNext(page, w, who.greenTentacle);

      const at15 = await step('15', 'Bandyci się budzą.', 'Bandyci, obudźcie się.');
      s = await next(page, w);

      // 16. The bandits' search. Reload here: the same step, the same marks, the answers kept.
      const before = await step('16', 'Bandyci przeszukują (każdej nocy).', 'Kogo przeszukujecie?');
      assert.ok(choice(before, who.chief).marks.includes('W więzieniu'), 'the jailed Chief is marked');
      assert.ok(choice(before, who.greenTentacle).marks.includes('Na popijawie'), 'the drinker is marked');
      assert.ok(choice(before, who.banditLeader).marks.includes('Ma posążek'), 'the statue holder is marked');
      assert.ok(before.hints.includes('Już mają posążek: przeszukanie niczego nie zmienia.'), `${before.hints}`);
      await assertAxeClean(page, 'script, night mode (night 1, a pick with marks)');
      await page.reload();
      await waitForGameScreen(page);
      await waitForNightMode(page);
      const after = await readScript(page);
      assert.deepEqual(after, before, 'the reload lands on the same step, drawn the same');
      // Once the step has been on screen long enough to be read, Undo is offered again.
      await waitForReady(page);
      assert.equal(await page.getByRole('button', { name: w.undo, exact: true }).isEnabled(), true, 'Undo is still offered');

      // Undo after the reload: back to 15 (it changed nothing), then to 13, where the drinking
      // is taken back. Each step comes back as it was first shown (all but the log's length).
      const drawn = ({ seq, ...shown }) => shown;
      s = await undo(page, w);
      assert.deepEqual(drawn(s), drawn(at15), 'one Undo: step 15 as it was');
      s = await undo(page, w);
      assert.deepEqual(drawn(s), drawn(at13), 'another: step 13 as it was, nobody picked yet');
      assert.ok(!choice(s, who.greenTentacle).marks.includes('Na popijawie'), 'the drinking is taken back');
      // The same answers again: the night goes on as before.
      s = await chooseAndNext(page, w, who.greenTentacle);
      assert.deepEqual(drawn(s), drawn(at15), 'step 15 again');
      s = await next(page, w);
      assert.deepEqual(drawn(s), drawn(before), 'step 16 again, the drinker marked');
      s = await chooseAndNext(page, w, w.nobody);

      // 17–18. The bandits keep the statue with their leader, and sleep.
      s = await step('17', 'Bandyci ustalają, kto ma posążek (jeśli mają).', 'Ustalcie, kto ma posążek.');
      s = await chooseAndNext(page, w, who.banditLeader);
      s = await step('18', 'Bandyci idą spać.', 'Bandyci, idźcie spać.');
      s = await next(page, w);
      // 19. The Avenger does not kill tonight.
      s = await step('19', 'Mściciel zabija (raz na grę).');
      s = await chooseAndNext(page, w, w.nobody);

      // 22–23. The Indians wake without their Chief; the Shaman sees the Bandit Leader's card.
      s = await step('22', 'Budzą się Indianie.', 'Indianie, obudźcie się.');
      assert.ok(!s.hints.some((h) => h.includes(who.chief)), 'the jailed Chief does not wake');
      s = await next(page, w);
      s = await step('23', 'Szaman sprawdza (raz na grę).');
      s = await chooseAndNext(page, w, who.banditLeader);
      s = await step('23');
      assert.equal(s.prompt, 'Uwaga, daję znak.');
      assert.ok(s.hints.some((h) => h.includes(who.banditLeader) && h.includes('Herszt')), `${s.hints}`);
      s = await next(page, w);

      // 24. The Indians kill the Bandit Leader and take the statue; the jailed cannot die.
      s = await step('24', 'Indianie zabijają (każdej nocy).', 'Kogo zabijacie?');
      assert.ok(s.hints.includes('Jeśli się nie zgodzą, poproś o decyzję jedną z obudzonych osób: ich przywódcy wśród nich nie ma.'), `${s.hints}`);
      assert.ok(!enabled(s).includes(who.shaman) && !enabled(s).includes(who.chief), 'never one of their own');
      assert.deepEqual(choice(s, who.chief).marks, ['W więzieniu: nie zginie'], 'the jailed Chief: one badge, saying he cannot die');
      s = await chooseAndNext(page, w, who.banditLeader);
      // The statue goes to the first Indian awake in seating order; they are told.
      const [first, second] = NAMES.filter((n) => n === who.shaman || n === who.indian);
      s = await step('24');
      assert.equal(s.prompt, 'Uwaga, daję znak.');
      assert.ok(s.hints.includes(`Posążek był u: ${who.banditLeader}; teraz ma go ${first}. Daj im znać.`), `${s.hints}`);
      s = await next(page, w);
      // 25. Holding the statue, they kill again: the Harlot.
      s = await step('25', 'Indianie zabijają ponownie (jeśli mają posążek).', 'Kogo zabijacie jako drugą ofiarę?');
      assert.equal(choice(s, who.banditLeader).enabled, false, 'the dead cannot be picked');
      assert.ok(choice(s, first).marks.includes('Ma posążek'));
      s = await chooseAndNext(page, w, who.harlot);
      // 30. They give the statue to the other Indian awake.
      s = await step('30', 'Indianie decydują, kto będzie miał posążek (jeśli mają).');
      assert.deepEqual(enabled(s).sort(), [who.shaman, who.indian].sort(), 'only the Indians awake');
      s = await chooseAndNext(page, w, second);
      s = await step('32', 'Indianie idą spać.');
      s = await next(page, w);

      // 34–42. The Aliens search the Good Gunslinger; the Green Tentacle is drinking.
      s = await step('34', 'Budzą się ufoki.');
      s = await next(page, w);
      s = await step('37', 'Ufoki przeszukują (co noc).', 'Kogo przeszukujecie?');
      s = await chooseAndNext(page, w, who.goodGunslinger);
      s = await step('37');
      assert.ok(s.hints.includes(`${who.goodGunslinger} nie ma posążka: pokręć głową.`), `${s.hints}`);
      s = await next(page, w);
      s = await step('42', 'Ufoki idą spać.', 'Ufoki, idźcie spać.');
      s = await next(page, w);
      assert.ok(!seen.includes('38'), 'the Green Tentacle, drinking, is not called');

      // ---- The morning after: the public card, and the Manitou's.
      s = await look(page, 'day 2 morning');
      assert.equal(s.phase, 'Dzień 2');
      assert.equal(s.title, 'Poranek');
      assert.equal(s.night, false);
      assert.deepEqual(
        [...s.announce].sort(),
        [
          `Tej nocy zabito: ${who.banditLeader}. Karta: Herszt.`,
          `Tej nocy zabito: ${who.harlot}. Karta: Dziwka.`,
          `Szeryf zamknął w więzieniu: ${who.chief}.`,
          `Noc na popijawie spędza: ${who.greenTentacle}.`,
          'Posążek zmienił właściciela – teraz ma go frakcja: Indianie.'
        ].sort(),
        'read aloud: the deaths with their cards, the jail, the drinking, the statue’s new faction'
      );
      assert.ok(!s.announce.some((l) => [who.shaman, who.indian, who.goodGunslinger].some((n) => l.includes(n))), 'nothing secret is read aloud');
      const card = await holdSecrets(page, w);
      for (const secret of [
        `Poznana karta (Szaman): ${who.banditLeader} – Herszt.`,
        `Przeszukanie (Ufoki): ${who.goodGunslinger} nie ma posążka.`,
        `Posążek przechodzi do: ${first} (Indianie).`,
        `Posążek przechodzi do: ${second} (Indianie).`
      ]) {
        assert.ok(card.hints.includes(secret), `the Manitou's card says "${secret}", held to see: ${card.hints}`);
        assert.ok(!s.hints.includes(secret), `and not before: "${secret}"`);
      }
      await waitForNightMode(page, false);
      await assertAxeClean(page, 'the morning card');
    } finally {
      await context.close();
    }
  });

  test('in English: the same roster, recorded as a physical deal, starts with the same numbered steps', { timeout: 120_000 }, async () => {
    const { context, page } = await freshPage(app, { locale: 'en-GB' });
    try {
      const w = EN;
      // The cards as they fell at the table: the roster in seating order.
      const roles = Object.keys(CARDS.en);
      const physical = Object.fromEntries(NAMES.map((n, i) => [n, CARDS.en[roles[i]]]));
      await setUpKtulu(page, app.url, w, { names: NAMES, factions: [w.aliens], physical });
      assert.equal(await page.locator('main').getAttribute('data-stage'), 'play', 'a physical deal starts at the zero night');
      const who = holders(physical, 'en');
      await waitForNightMode(page);
      await assertAxeClean(page, 'script in English, night mode');
      assert.deepEqual(await playZeroNight(page, w, 'en', who), ['No. 1', 'No. 4', 'No. 6', 'No. 7', 'No. 8'], 'the same book numbers');
      const s = await look(page, 'day 1 morning');
      assert.equal(s.phase, 'Day 1');
      assert.ok(s.announce.includes(`The Sheriff locked up ${who.chief}.`), `${s.announce}`);
      assert.ok(s.announce.includes('The statue is with the Bandits, as at the start of the game.'), `${s.announce}`);
    } finally {
      await context.close();
    }
  });
});

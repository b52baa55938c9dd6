import { describe, expect, it } from 'vitest';
import { ACTIONS, NIGHT, ZERO_NIGHT, type KtuluStep } from '../../../src/lib/games/ktulu/steps';
import { actorFaction } from '../../../src/lib/games/ktulu/plan';
import enKtulu from '../../../locales/en/ktulu.json';
import plKtulu from '../../../locales/pl/ktulu.json';
import { BOOK_NIGHT, BOOK_ZERO_NIGHT } from './fixture';

type StepTexts = Record<string, { title: string; say: string; after?: string }>;

describe('the Manitou’s lists as data', () => {
  it('keeps the zero night’s ten steps with the book’s numbers', () => {
    expect(ZERO_NIGHT.map((s) => s.n)).toEqual(BOOK_ZERO_NIGHT);
  });

  it('keeps the night’s 59 steps with the book’s numbers, and 45a after 45', () => {
    expect(NIGHT.map((s) => s.n)).toEqual(BOOK_NIGHT);
    expect(NIGHT).toHaveLength(60);
  });

  it('brackets each faction’s night between its waking and its sleep, in the book’s faction order', () => {
    // "wpierw działa Lucky Luke, potem … miasta, dalej bandyci, następnie Indianie, ufoludki, murzyni i na końcu bogowie"
    const wakes = NIGHT.filter((s) => s.does === 'wake').map((s) => [s.n, actorFaction(s.actor)]);
    const sleeps = NIGHT.filter((s) => s.does === 'sleep').map((s) => [s.n, actorFaction(s.actor)]);
    expect(wakes).toEqual([['1', 'luckyLuke'], ['15', 'bandits'], ['22', 'indians'], ['34', 'aliens'], ['43', 'runaways'], ['53', 'gods']]);
    expect(sleeps).toEqual([['7', 'luckyLuke'], ['18', 'bandits'], ['32', 'indians'], ['42', 'aliens'], ['51', 'runaways'], ['59', 'gods']]);
    // Inside a bracket only that faction acts; outside one, a role wakes alone and is sent back to sleep.
    let open: string | null = null;
    for (const s of NIGHT) {
      if (s.does === 'wake') open = actorFaction(s.actor);
      if (open) {
        expect(actorFaction(s.actor), s.n).toBe(open);
        expect(s.alone, s.n).toBeUndefined();
      } else expect(s.alone, s.n).toBe(true);
      if (s.does === 'sleep') open = null;
    }
  });

  it('marks the book’s "(raz na grę)", "(2 razy na grę)" and "(każdej nocy)" on the steps that say so', () => {
    const uses = (u: KtuluStep['uses']) => NIGHT.filter((s) => s.uses === u).map((s) => s.n);
    expect(uses('once')).toEqual(['4', '5', '10', '12', '14', '19', '20', '21', '23', '28', '29', '33', '38', '39', '55']);
    expect(uses('twice')).toEqual(['13', '47']);
  });

  it('describes every action’s answer and effects', () => {
    for (const s of [...ZERO_NIGHT, ...NIGHT]) expect(ACTIONS[s.does], s.n).toBeDefined();
    expect(ACTIONS.handStatue.answer).toBe('member');
    expect(ACTIONS.clean.answer).toBe('players');
    expect(ACTIONS.gamble.answer).toBe('sequence');
    expect(ACTIONS.robMaster.answer).toBe('yesno');
  });
});

describe('the lists’ text', () => {
  for (const [lang, texts] of [['en', enKtulu], ['pl', plKtulu]] as const) {
    it(`gives each step a title and a line to read aloud in ${lang}, and a good-night line exactly when its actor woke alone`, () => {
      for (const [list, key] of [[ZERO_NIGHT, 'zeroNight'], [NIGHT, 'night']] as const) {
        const t = texts[key] as StepTexts;
        expect(Object.keys(t).sort(), key).toEqual(list.map((s) => s.n).sort());
        for (const s of list) {
          expect(t[s.n].title.trim(), `${key}.${s.n}`).not.toBe('');
          expect(t[s.n].say.trim(), `${key}.${s.n}`).not.toBe('');
          expect(t[s.n].after !== undefined, `${key}.${s.n}.after`).toBe(s.alone === true);
        }
      }
    });
  }

  it('titles each step with the book’s own Polish line, spelling mended and names unified', () => {
    const z = plKtulu.zeroNight as StepTexts;
    const n = plKtulu.night as StepTexts;
    expect(z['1'].title).toBe('Dziwka dziwkuje.');
    expect(z['3'].title).toBe('Szantażysta szantażuje (jeśli trafi na bandytę, próbuje jeszcze raz).');
    expect(z['9'].title).toBe('Poznają się zbiegowie.');
    expect(n['10'].title).toBe('Poborca podatków sprawdza, kto ma posążek (raz na grę).');
    expect(n['13'].title).toBe('Opój (lub pijany sędzia) spija (2 razy na grę).');
    expect(n['27'].title).toBe('Płonący szał zabija (jeśli Indianie tej nocy przejęli posążek).');
    expect(n['47'].title).toBe('Kali okrada pana (2 razy na grę).');
    expect(n['52'].title).toBe('Chorągiew przesłuchuje (może co noc).');
    expect(n['59'].title).toBe('Bogowie idą spać.');
  });

  it('reads the Sheriff’s call aloud in both languages', () => {
    expect((plKtulu.night as StepTexts)['8'].say).toBe('Szeryfie, obudź się. Kogo zamykasz w więzieniu?');
    expect((enKtulu.night as StepTexts)['8'].say).toBe('Sheriff, wake up. Whom do you lock up in jail?');
  });
});

/**
 * The day in the log: a day without an execution says so, an execution of a dead player is
 * logged as that, and the set-up's expected counts read with their plurals in both languages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '$lib/i18n';
import { boardOf, validateSetup } from '$lib/games/botc';
import { by, game, setupFor } from './fixture';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('botc');
});

const keys = (g: ReturnType<typeof game>) => g.view.log.map((l) => l.text.key.replace('botc:log.', ''));

describe('the day in the log', () => {
  it('logs a day that ends without an execution, and not one that had one', () => {
    const g = game();
    by(g).phase().phase();
    expect(keys(g).slice(-2)).toEqual(['noExecution', 'dusk']);
    expect(i18n.tx(g.view.log.at(-2)!.text)).toBe('Day 1 ended without an execution.');
    by(g).phase().execute('Ania').phase();
    expect(keys(g).slice(-2)).toEqual(['executed', 'dusk']);
  });

  it('logs the execution of a dead player as that, not as "did not die"', () => {
    const g = game();
    by(g).die('Bartek').phase().execute('Bartek');
    const last = g.view.log.at(-1)!.text;
    expect(last.key).toBe('botc:log.executedDead');
    expect(i18n.tx(last)).toBe('Bartek, already dead, was executed.');
    expect(boardOf(g.view).executed).toMatchObject({ name: 'Bartek', wasDead: true });
  });

  it('reads the expected counts with their plurals, in English and Polish', async () => {
    // Eight players with a bag of seven Townsfolk: 5 Townsfolk, 1 Outsider, 1 Minion, 1 Demon expected.
    const bag = ['washerwoman', 'librarian', 'investigator', 'chef', 'empath', 'fortuneteller', 'poisoner', 'imp'];
    const problem = validateSetup(setupFor(bag)).find((p) => p.text.key === 'botc:setup.errors.counts')!;
    expect(i18n.tx(problem.text)).toBe('Expected 5 Townsfolk, 1 Outsider, 1 Minion and 1 Demon. Change the characters, or confirm these counts.');
    await i18n.setLanguage('pl');
    await i18n.loadNamespace('botc');
    expect(i18n.tx(problem.text)).toBe('Oczekiwano: 5 Mieszczan, 1 Outsider, 1 Sługa, 1 Demon. Zmień postacie albo potwierdź te liczby.');
    await i18n.setLanguage('en');
  });
});

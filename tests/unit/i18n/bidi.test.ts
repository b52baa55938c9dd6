import { describe, expect, it } from 'vitest';
import { I18nState } from '$lib/i18n';
import { nameList } from '$lib/engine/names';
import { isolate } from '$lib/i18n/bidi';

const FSI = '\u2068';
const PDI = '\u2069';

function translations() {
  const common = {
    en: { pass: 'Pass the phone to {{name}}.', says: '{{name}} (seat {{seat}}) holds the $t(game:roles.{{role}}).', placeholder: 'Hello, {{name}}!' },
    pl: {}
  };
  const loaders = { '/locales/en/game.json': async () => ({ roles: { wizard: 'Wizard' } }) };
  return new I18nState('en', common, loaders);
}

describe('names in a sentence', () => {
  it('isolates a right-to-left name, so it cannot pull the full stop or digits into its direction', () => {
    const i18n = translations();
    expect(i18n.t('common:pass', { name: 'سارة' })).toBe(`Pass the phone to ${FSI}سارة${PDI}.`);
    expect(i18n.t('common:pass', { name: 'דוד 12' })).toBe(`Pass the phone to ${FSI}דוד 12${PDI}.`);
    expect(i18n.tx({ key: 'common:pass', params: { name: 'שרה' } })).toBe(`Pass the phone to ${FSI}שרה${PDI}.`);
  });

  it('contains a bidi override typed into a name instead of letting it run over the sentence', () => {
    const i18n = translations();
    expect(i18n.t('common:pass', { name: '\u202eAda' })).toBe(`Pass the phone to ${FSI}\u202eAda${PDI}.`);
    expect(isolate('Bram\u2067')).toBe(`${FSI}Bram\u2067${PDI}`);
  });

  it('leaves left-to-right names, numbers and the role ids of nested keys as they are', async () => {
    const i18n = translations();
    await i18n.loadNamespace('game');
    expect(i18n.t('common:says', { name: 'Łucja 👩‍👩‍👧', seat: 3, role: 'wizard' })).toBe('Łucja 👩‍👩‍👧 (seat 3) holds the Wizard.');
    expect(i18n.t('common:says', { name: 'سارة', seat: 3, role: 'wizard' })).toBe(`${FSI}سارة${PDI} (seat 3) holds the Wizard.`);
  });

  it('shows a name that looks like a placeholder or markup exactly as typed', () => {
    const i18n = translations();
    expect(i18n.t('common:placeholder', { name: '{{name}} $t(common:pass)' })).toBe('Hello, {{name}} $t(common:pass)!');
    expect(i18n.t('common:placeholder', { name: '<img src=x onerror=alert(1)>' })).toBe('Hello, <img src=x onerror=alert(1)>!');
  });
});

describe('names in a list', () => {
  it('isolates each right-to-left name, so an unclosed override cannot reverse the names after it', () => {
    expect(nameList(['\u202eדוד 12', 'Ada', 'سارة'])).toBe(`${FSI}\u202eדוד 12${PDI}, Ada, ${FSI}سارة${PDI}`);
    expect(nameList(['Ada', 'Bram'])).toBe('Ada, Bram');
  });
});

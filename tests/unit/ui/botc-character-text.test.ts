/**
 * A character's text on screen: `*WORD*` is a real bold element and `:reminder:` a token mark
 * named for screen readers; HTML and script in the text are shown as the characters they are,
 * never made into elements. The texts are made up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import CharacterText from '$lib/ui/botc/CharacterText.svelte';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('botc');
});

const drawn = (text: string) => render(CharacterText, { text }).container;

describe('a character text on screen', () => {
  it('draws the bold word and the reminder mark as elements, with no raw symbols', () => {
    const c = drawn('Wake them and place :reminder: on the *CHOSEN* player.');
    expect(c.querySelector('strong')?.textContent).toBe('CHOSEN');
    expect(c.querySelectorAll('[data-testid="reminder-mark"]')).toHaveLength(1);
    expect(c.textContent).toBe('Wake them and place ◉reminder token on the CHOSEN player.');
    expect(c.textContent).not.toMatch(/[*]|:reminder:/);
  });

  it('shows HTML and script as text, never as elements, inside bold too', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script> *<a href="javascript:alert(3)">x</a>*';
    const c = drawn(hostile);
    expect(c.querySelector('img, script, a')).toBeNull();
    expect(c.querySelectorAll('strong')).toHaveLength(1);
    expect(c.querySelector('strong')?.textContent).toBe('<a href="javascript:alert(3)">x</a>');
    expect(c.textContent).toBe('<img src=x onerror="alert(1)"><script>alert(2)</script> <a href="javascript:alert(3)">x</a>');
  });

  it('leaves lone asterisks and other colon words as they are', () => {
    const c = drawn('3 * 4 = 12 :info: **');
    expect(c.querySelector('strong')).toBeNull();
    expect(c.textContent).toBe('3 * 4 = 12 :info: **');
  });
});

/**
 * The long lists of a select made as plain options (`options` in ui/select-options.ts): after the
 * markup's own "choose…" option, groups kept, a new list in place of the old, and nothing done to
 * a select that has already left the page with its block.
 */
import { describe, expect, it } from 'vitest';
import { options } from '$lib/ui/select-options';

function select(): HTMLSelectElement {
  const el = document.createElement('select');
  el.append(new Option('Choose…', ''));
  document.body.append(el);
  return el;
}

const values = (el: HTMLSelectElement) => [...el.options].map((o) => o.value);

describe('a select’s long list', () => {
  it('comes after the markup’s own option, with its groups, and a new list replaces the old one', () => {
    const el = select();
    const takeDown = options([{ value: 'a', label: 'Ania' }, { label: 'Reminders', choices: [{ value: 'b', label: 'Poisoned' }] }])(el);
    expect(values(el)).toEqual(['', 'a', 'b']);
    expect(el.querySelector('optgroup')?.label).toBe('Reminders');
    expect(el.options[2].text).toBe('Poisoned');
    if (typeof takeDown === 'function') takeDown();
    options([{ value: 'c', label: 'Celina' }])(el);
    expect(values(el)).toEqual(['', 'c']);
    el.remove();
  });

  it('leaves a select taken out of the page as it was', () => {
    const el = select();
    const takeDown = options([{ value: 'a', label: 'Ania' }])(el);
    el.remove();
    if (typeof takeDown === 'function') takeDown();
    expect(values(el)).toEqual(['', 'a']);
  });
});

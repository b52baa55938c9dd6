/**
 * A long list of choices in a `<select>` (`{@attach options(list)}`), added after the options
 * its markup writes (the "choose…" one) as plain elements made in one go. The grimoire's open
 * seat draws such lists (every other seat for each of its reminders, every reminder token) each
 * time the grimoire opens at dusk, where an `{#each}` made each option a block of its own to
 * set up, then to take down at dawn.
 *
 * A new list replaces the old one; Svelte's `bind:value` on the select chooses its value again
 * among the new options, as it does when an `{#each}` inside it changes.
 */
import type { Attachment } from 'svelte/attachments';

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceGroup {
  label: string;
  choices: readonly Choice[];
}

export function options(list: readonly (Choice | ChoiceGroup)[]): Attachment<HTMLSelectElement> {
  return (select) => {
    const made: HTMLElement[] = [];
    for (const item of list) {
      if ('choices' in item) {
        const group = document.createElement('optgroup');
        group.label = item.label;
        for (const c of item.choices) group.append(new Option(c.label, c.value));
        made.push(group);
      } else made.push(new Option(item.label, item.value));
    }
    select.append(...made);
    return () => {
      // A select taken out of the page with its block (the grimoire closing) takes its options
      // with it; only one still in the page, given a new list, sheds the old.
      if (!select.isConnected) return;
      for (const el of made) el.remove();
    };
  };
}

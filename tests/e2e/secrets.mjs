/**
 * Finding what must not be in the page: a role, a character, a moderator's note. Shared by the
 * tests that look for secrets (eyes-open.test.mjs, deal-secrecy.test.mjs, table-promises.test.mjs).
 */
import { readFileSync } from 'node:fs';

/** Every role name a game's cards can show, by role id, from the game's locale. */
export function roleNames(game, lang) {
  const json = JSON.parse(readFileSync(new URL(`../../locales/${lang}/${game}.json`, import.meta.url), 'utf8'));
  return Object.fromEntries(Object.entries(json.roles).map(([id, r]) => [id, r.name]));
}

/**
 * The whole page as it stands (as `page.content()`: hidden nodes and attributes too), without
 * the lines read aloud to everyone, which may name a role ("Who accuses someone of being an
 * Investigator?") or a card the book makes public.
 * @param {import('playwright-core').Page} page
 */
export function silentPage(page, also = []) {
  return pageWithout(page, ['[data-testid="announce"]', '[data-testid="prompt"]', '[data-testid="more"]', '[data-testid="after"]', ...also]);
}

/**
 * The whole page as it stands (hidden nodes and attributes too), without the elements that
 * match `selectors` (parts that are public, such as the list of a script's characters to pick
 * from).
 * @param {import('playwright-core').Page} page
 * @param {string[]} selectors
 */
export async function pageWithout(page, selectors) {
  return page.evaluate((selectors) => {
    const copy = /** @type {HTMLElement} */ (document.documentElement.cloneNode(true));
    // The notice repeats what the step opens with (read aloud to everyone too): that much of it
    // is not silent.
    const said = [...document.querySelectorAll('[data-testid="announce"] li')].map((li) => li.textContent?.trim()).join(' ');
    const notice = copy.querySelector('[data-notice]');
    if (notice && said && notice.textContent?.trim().endsWith(said)) notice.replaceChildren();
    if (selectors.length) copy.querySelectorAll(selectors.join(', ')).forEach((el) => el.remove());
    return copy.outerHTML;
  }, selectors);
}

/** Each of `texts` that is in `html`, as a secret that should not be. */
export const found = (html, texts) => texts.filter((t) => html.includes(t));

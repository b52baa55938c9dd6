/**
 * The app's translations as Svelte state. Components call `i18n.t(key)` or `i18n.tx(text)`;
 * because both read a `$state` counter, every such call re-runs when the language changes or
 * a game's namespace arrives. This is the only module that talks to i18next.
 */
import type { Text } from '../engine/types';
import { isolateParams } from './bidi';
import { createI18next, detectLanguage, LANGUAGES, rememberedLanguage, type Language } from './config';
import enCommon from '$locales/en/common.json';

type Bundle = Record<string, unknown>;
type Loaders = Record<string, () => Promise<Bundle>>;

export class I18nState {
  #language: Language = $state('en');
  // Bumped after every change i18next cannot tell Svelte about.
  #version = $state(0);
  readonly #i18next;
  readonly #loaders: Loaders;
  /** Game namespaces asked for so far: a language switch loads them in the new language too. */
  readonly #wanted = new Set<string>();
  readonly #loading = new Map<string, Promise<void>>();

  /**
   * Resolves once the starting language's `common` texts are in (at once when they are
   * bundled); never rejects: without them the screens fall back to English. The root layout
   * waits for it, so no screen is drawn in the wrong language first.
   */
  readonly ready: Promise<void>;

  /**
   * @param common the bundled `common` namespace per language (others come from `loaders`)
   * @param loaders lazy namespace files, keyed `/locales/<lang>/<ns>.json`
   */
  constructor(language: Language, common: Partial<Record<Language, Bundle>>, loaders: Loaders) {
    this.#language = language;
    this.#loaders = loaders;
    const bundled = Object.fromEntries(LANGUAGES.filter((l) => common[l]).map((l) => [l, { common: common[l]! }]));
    this.#i18next = createI18next(language, bundled);
    this.ready = common[language] ? Promise.resolve() : this.#load(language, 'common').catch(() => {});
    setDocumentLanguage(language);
  }

  get language(): Language {
    return this.#language;
  }

  /**
   * Translate a `namespace:path` key. An arrow so that `const { t } = i18n` works. Parameters in
   * a right-to-left script (a player's name) are isolated from the sentence around them (bidi.ts).
   */
  t = (key: string, params?: Record<string, unknown>): string => {
    void this.#version;
    const id = memoKey(key, params);
    if (id !== null) {
      const known = this.#memo.get(id);
      if (known !== undefined) return known;
    }
    const text = this.#fill(key, params) ?? String(this.#i18next.t(key, isolateParams(params) as never));
    if (id !== null) {
      if (this.#memo.size >= MEMO_LIMIT) this.#memo.clear();
      this.#memo.set(id, text);
    }
    return text;
  };

  /**
   * Texts already translated, by key and parameters: a screen asks for the same few dozen texts
   * on every draw, and i18next's lookup (fallbacks, nesting, interpolation) is most of the cost
   * of drawing a form (docs/PERFORMANCE.md). Emptied whenever the texts or the language change.
   */
  readonly #memo = new Map<string, string>();

  /**
   * A text with parameters that i18next would only fill in, filled in here: a player's row asks
   * for "Player {{number}}", "Move {{name}} up" and the like once per row, each with other
   * parameters, so the memo above does not spare i18next's lookup, which was most of the time
   * of drawing the rows (docs/PERFORMANCE.md, "Texts looked up once"). Only a plain template is
   * taken: found as a string in the language shown or in English, with no nested `$t(…)`, every
   * `{{name}}` given as a string or a number, and no i18next option among the parameters (a
   * count's plural, a context, another language). Anything else, and a missing key, is left to
   * i18next. A test compares the two on every text of both languages.
   */
  #fill(key: string, params: Record<string, unknown> | undefined): string | null {
    if (!params) return null;
    for (const name in params) if (I18NEXT_OPTIONS.has(name)) return null;
    const template = this.#template(key);
    if (template === null) return null;
    const values = isolateParams(params) ?? params;
    let complete = true;
    const text = template.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values[name];
      if (typeof value === 'string' || typeof value === 'number') return String(value);
      complete = false;
      return whole;
    });
    // A placeholder of another form, or braces in a value: as i18next reads it.
    return complete && !text.includes('{{') ? text : null;
  }

  /** A key's template as a plain string (see #fill), or null; kept until the texts change. */
  #template(key: string): string | null {
    const id = `${this.#language}\u0000${key}`;
    const known = this.#templates.get(id);
    if (known !== undefined) return known;
    const colon = key.indexOf(':');
    const ns = colon < 0 ? 'common' : key.slice(0, colon);
    const path = colon < 0 ? key : key.slice(colon + 1);
    let template: string | null = null;
    for (const language of new Set<Language>([this.#language, 'en'])) {
      const value: unknown = this.#i18next.getResource(language, ns, path);
      if (value === undefined) continue;
      template = typeof value === 'string' && !value.includes('$t(') ? value : null;
      break;
    }
    this.#templates.set(id, template);
    return template;
  }

  readonly #templates = new Map<string, string | null>();

  tx = (text: Text): string => this.t(text.key, text.params);

  setLanguage = async (language: Language): Promise<void> => {
    // Fetch first, switch after: the screen never shows keys while a namespace is on its way.
    await Promise.all(['common', ...this.#wanted].map((ns) => this.#load(language, ns)));
    await this.#i18next.changeLanguage(language);
    this.#language = language;
    setDocumentLanguage(language);
    this.#changed();
  };

  /**
   * Make the `common` texts of another language available without switching to it, for a
   * text that must be in that language whatever the app speaks (`t(key, { lng })`).
   */
  loadLanguage = (language: Language): Promise<void> => this.#load(language, 'common');

  /** Make a game's texts available (in the current language and the English fallback). */
  loadNamespace = async (ns: string): Promise<void> => {
    if (ns === 'common') return;
    this.#wanted.add(ns);
    const languages = new Set<Language>([this.#language, 'en']);
    await Promise.all([...languages].map((l) => this.#load(l, ns)));
  };

  /**
   * Texts a screen brought with its own code (the English fallback of its namespace, which it
   * needs in every language): taken as if loaded, so asking for them fetches nothing more.
   */
  provide = (language: Language, ns: string, bundle: Bundle): void => {
    const id = `${language}/${ns}`;
    if (this.#loading.has(id)) return;
    this.#i18next.addResourceBundle(language, ns, bundle, true, true);
    this.#loading.set(id, Promise.resolve());
    this.#changed();
  };

  /** New texts or another language: what was translated may now read differently. */
  #changed(): void {
    this.#memo.clear();
    this.#templates.clear();
    this.#version++;
  }

  /** Load one file once; a failed fetch (offline, not cached yet) may be tried again. */
  #load(language: Language, ns: string): Promise<void> {
    const id = `${language}/${ns}`;
    let loading = this.#loading.get(id);
    if (!loading) {
      const load = this.#loaders[`/locales/${id}.json`];
      // A language may lack a namespace; i18next then falls back to English.
      if (!load) return Promise.resolve();
      loading = load().then(
        (bundle) => {
          this.#i18next.addResourceBundle(language, ns, bundle, true, true);
          this.#changed();
        },
        (e: unknown) => {
          this.#loading.delete(id);
          throw e;
        }
      );
      this.#loading.set(id, loading);
    }
    return loading;
  }
}

/** Parameters i18next reads as options, not as values to fill in: such a call is left to it. */
const I18NEXT_OPTIONS = new Set([
  'count', 'context', 'lng', 'lngs', 'ns', 'defaultValue', 'fallbackLng', 'keyPrefix', 'ordinal',
  'replace', 'interpolation', 'postProcess', 'returnObjects', 'returnDetails', 'joinArrays', 'skipInterpolation'
]);

/** A placeholder as Lantern's texts write them: `{{name}}`. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** At most this many translations are kept; a long game's log has many distinct lines. */
const MEMO_LIMIT = 2000;

/**
 * The memo's key for a call, or null when the call is not kept: parameters other than plain
 * strings, numbers and booleans (a count's object, a function) are translated every time.
 */
function memoKey(key: string, params: Record<string, unknown> | undefined): string | null {
  if (!params) return key;
  let id = key;
  for (const name in params) {
    const value = params[name];
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean' && value !== undefined) return null;
    id += `\u0000${name}\u0001${kind[0]}${String(value)}`;
  }
  return id;
}

function setDocumentLanguage(language: Language): void {
  // Screen readers pick their voice from it.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

// Each game's texts are a chunk of their own, fetched with the game. Of `common`, only English
// (every screen's fallback) is bundled: a phone needs one language's, and the first visit's
// JavaScript budget has no room for both (docs/PERFORMANCE.md, "Texts by screen").
const loaders = import.meta.glob<Bundle>(['/locales/*/*.json', '!/locales/en/common.json'], { import: 'default' });

// The language chosen in Settings when there is one, else the phone's: the root layout waits
// for its texts, so the first screen is drawn in it.
export const i18n = new I18nState(rememberedLanguage() ?? detectLanguage(), { en: enCommon }, loaders);

export { LANGUAGES };

/** Translations: the reactive `i18n` the screens use, and the languages Lantern speaks. */
export { i18n, I18nState } from './i18n.svelte';
export { LANGUAGES, detectLanguage, isLanguage, createI18next, rememberLanguage, rememberedLanguage, type Language } from './config';

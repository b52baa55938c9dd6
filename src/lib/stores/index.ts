/** Svelte state over storage, games and settings: what the screens use instead of Dexie or XState. */
export { storageState, ready, provideStorage, saveAgain } from './storage.svelte';
export { ActiveGame } from './game.svelte';
export { gamesList } from './games.svelte';
export { settings, Settings } from './settings.svelte';

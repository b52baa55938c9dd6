/** The IndexedDB database every Lantern game is kept in. */
export const DB_NAME = 'lantern';

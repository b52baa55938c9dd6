/**
 * The engine and the games as the end-to-end tests load them in Node (through Vite's module
 * runner, see lantern-db.mjs): enough to replay a stored log and compare it with what the app
 * stored.
 */
export { apply, persist, replay, start } from '../../src/lib/engine/session';
export { cluethulhu } from '../../src/lib/games/cluethulhu';
export { ktulu } from '../../src/lib/games/ktulu';
export { botc } from '../../src/lib/games/botc';
export { gloom } from '../../src/lib/games/gloom';
export { kkd } from '../../src/lib/games/kkd';
export { notebook } from '../../src/lib/games/notebook';
export { CHECKPOINT_EVERY } from '../../src/lib/db/types';

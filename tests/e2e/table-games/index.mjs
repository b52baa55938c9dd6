/**
 * Every game at the table, as the suites that must hold on every game drive it
 * (table-promises.test.mjs, crash-games.test.mjs). A game joins them by adding its driver here.
 *
 * A driver: `id` and `name`; `entry`, the type of the log entry its moves make; `hasDeal`; `setUp(page,
 * url)` starts a short game and resolves to its id; `ready(page, timeout)` waits until its screen
 * has drawn; `control(page)` prepares the next move (fills its form, has the player see their
 * card) and resolves to `{ place, control, button, read? }`: where the game is ('deal',
 * 'night', 'day', 'turn'...), the kind of control, the locator to tap, and on a deal what the
 * card showed; `advance(page)` plays one move to its commit. For the table's promises, optional:
 * `hasNight`, `moderated` (a moderator's screen follows the deal), `refusal` (`at(page)`: whether
 * the refused move can be tried now; `act(page)`: prepares it and resolves to `{ button, message,
 * then? }`), `eyesOpen(page)` (players are looking), `roles` (every role name, none may be on the
 * hand-back screen), `secretOf(read)` (the secret in what a card showed), `publicParts` (selectors
 * of what is public though it names roles, left out of the search).
 */
import botc from './botc.mjs';
import cluethulhu from './cluethulhu.mjs';
import gloom from './gloom.mjs';
import kkd from './kkd.mjs';
import ktulu from './ktulu.mjs';
import notebook from './notebook.mjs';

export const GAMES = [cluethulhu, ktulu, botc, gloom, kkd, notebook];

/**
 * Starting a game from a setup form, the same in every game. The first press of Start checks
 * the whole setup; from then on the problems follow the form as it is corrected (`problems`).
 * A setup that passes is handed to `onstart`, whose own problems (found on the way, e.g. by
 * storage) join the list. Each time there are problems, the focus goes to them.
 */
import type { SetupProblem } from '$lib/engine/types';

export class SetupStart<S> {
  /** Start has been pressed once: problems are shown, invalid rows outlined. */
  attempted = $state(false);
  #found = $state<SetupProblem[]>([]);
  #validate: (setup: S) => SetupProblem[];

  constructor(validate: (setup: S) => SetupProblem[]) {
    this.#validate = validate;
  }

  /** The problems to list for this setup (none before the first try). */
  problems(setup: S): SetupProblem[] {
    return this.attempted ? [...this.#validate(setup), ...this.#found] : [];
  }

  /** A press of Start: check, then start; `showProblems` moves the focus to the list. */
  async submit(setup: S, onstart: (setup: S) => Promise<SetupProblem[] | void>, showProblems: () => Promise<void>): Promise<void> {
    this.attempted = true;
    this.#found = [];
    if (this.#validate(setup).length > 0) return showProblems();
    const found = await onstart($state.snapshot(setup) as S);
    if (found && found.length > 0) {
      this.#found = found;
      await showProblems();
    }
  }
}

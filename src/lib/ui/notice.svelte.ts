/**
 * What a game's screen says in reply to a tap (a result, a rule's warning, what a new step or
 * phase opens with), shown by the shell in one place: the notice region just above the bottom
 * bar (`Notice.svelte`), always in view, announced, and kept until the next tap. A refused move
 * is not said here: the shell shows the game's own refusal (`ActiveGame.error`) in the same
 * region, first.
 *
 *   notice.say(i18n.t('kkd:table.saved'));
 */
class NoticeState {
  text = $state<string | null>(null);
  /** `alert` for what the tap could not do (a missing choice), `status` for everything else. */
  kind = $state<'status' | 'alert'>('status');
  /**
   * What "Record it anyway" does on the screen now, when it does more than make the refused move
   * with `overrule` (a form to close, a card to remember); a screen sets it while it is mounted.
   */
  overrule: (() => void) | null = null;

  say(text: string, kind: 'status' | 'alert' = 'status'): void {
    this.text = text.trim() || null;
    this.kind = kind;
  }

  clear(): void {
    this.text = null;
  }
}

export const notice = new NoticeState();

/**
 * The Keeper's script screen: what it shows from a step's keys, and which answer each control
 * sends. Rendered with props only; no storage, no machine.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { i18n } from '$lib/i18n';
import type { AnswerSpec } from '$lib/engine/types';
import ScriptView from '$lib/ui/ScriptView.svelte';
import { step, view } from './fixtures';

beforeAll(async () => {
  await i18n.setLanguage('en');
  await i18n.loadNamespace('cluethulhu');
});

afterEach(async () => {
  await i18n.setLanguage('en');
});

const pickOne: AnswerSpec = { kind: 'players', min: 1, max: 1, candidates: ['a', 'b', 'd'] };

function show(answer: AnswerSpec, props: Record<string, unknown> = {}, stepExtra = {}) {
  const s = step(answer, stepExtra);
  const onanswer = vi.fn();
  const onundo = vi.fn();
  const result = render(ScriptView, { view: view(s), step: s, onanswer, onundo, resetKey: 1, readyAfter: 0, ...props });
  return { ...result, onanswer, onundo, step: s };
}

describe('what the script shows', () => {
  it('names the phase, the step and the progress', () => {
    show({ kind: 'none' });
    expect(screen.getByTestId('phase')).toHaveTextContent('Day 2');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Day 2');
    expect(screen.getByTestId('progress')).toHaveTextContent('Step 3 of 9');
    expect(screen.getByText('Eyes closed')).toBeInTheDocument();
  });

  it('translates the prompt from its key and parameters, in large type', () => {
    show({ kind: 'none' });
    const prompt = screen.getByTestId('prompt');
    expect(prompt).toHaveTextContent('Pass the phone to Ada');
    expect(prompt).toHaveClass('prompt');
  });

  it('shows the hints apart, labelled as only for the Keeper', () => {
    show({ kind: 'none' });
    const hint = screen.getByTestId('hint');
    expect(within(hint).getByRole('heading', { name: 'Only for you' })).toBeInTheDocument();
    expect(hint).toHaveTextContent(i18n.t('common:script.pretendHint'));
    expect(screen.getByTestId('prompt')).not.toHaveTextContent(i18n.t('common:script.pretendHint'));
  });

  it('shows the called role, and marks a pretend call', () => {
    show({ kind: 'none' }, {}, { pretend: true });
    const role = screen.getByRole('heading', { level: 2 });
    expect(role).toHaveTextContent(i18n.t('cluethulhu:roles.wizard.name'));
    expect(role).toHaveTextContent('Pretend');
  });

  it('reads announcements and the closing line from their keys', () => {
    show({ kind: 'none' }, {}, {
      announce: [{ key: 'common:phase.night', params: { number: 4 } }],
      after: { key: 'common:phase.day', params: { number: 5 } }
    });
    expect(screen.getByTestId('announce')).toHaveTextContent('Night 4');
    expect(screen.getByTestId('after')).toHaveTextContent('Day 5');
  });

  it('switches language without losing the step', async () => {
    show({ kind: 'none' });
    await i18n.setLanguage('pl');
    await Promise.resolve();
    expect(screen.getByTestId('phase')).toHaveTextContent('Dzień 2');
    expect(screen.getByTestId('progress')).toHaveTextContent('Krok 3 z 9');
    expect(screen.getByRole('button', { name: 'Dalej' })).toBeInTheDocument();
  });
});

describe('picking players', () => {
  it('lists every player in seating order with a radio labelled by name', () => {
    show(pickOne);
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('li')?.querySelector('label')?.textContent)).toEqual(['Ada', 'Bob', 'Cy', 'Dee']);
    expect(screen.getByLabelText('Ada')).toHaveAttribute('type', 'radio');
  });

  it('disables the dead and marks them with their fate', () => {
    show(pickOne);
    const cy = screen.getByLabelText('Cy');
    expect(cy).toBeDisabled();
    expect(cy).toHaveAccessibleDescription(expect.stringContaining(i18n.t('cluethulhu:fate.murdered')));
    expect(screen.getByLabelText('Ada')).toBeEnabled();
  });

  it('disables players who are not candidates', () => {
    show({ kind: 'players', min: 1, max: 1, candidates: ['a', 'd'] });
    expect(screen.getByLabelText('Bob')).toBeDisabled();
    expect(screen.getByLabelText('Dee')).toBeEnabled();
  });

  it('shows the step’s marks and the players’ marks beside the names', () => {
    show({ ...pickOne, marks: { d: { key: 'cluethulhu:marks.chosenLastTime' } } } as AnswerSpec);
    expect(screen.getByLabelText('Dee')).toHaveAccessibleDescription(i18n.t('cluethulhu:marks.chosenLastTime'));
    expect(screen.getByLabelText('Bob')).toHaveAccessibleDescription(i18n.t('cluethulhu:marks.highPriest'));
  });

  it('says a mark once when the step’s mark and the player’s own say the same', () => {
    show({ ...pickOne, marks: { b: { key: 'cluethulhu:marks.highPriest' } } } as AnswerSpec);
    const mark = i18n.t('cluethulhu:marks.highPriest');
    expect(screen.getByLabelText('Bob')).toHaveAccessibleDescription(mark);
    expect(screen.getAllByText(mark)).toHaveLength(1);
  });

  it('leaves out a player’s own mark that the step’s mark covers, saying it in other words', () => {
    show({ ...pickOne, marks: { b: { key: 'cluethulhu:marks.absorbFails' } }, covers: { b: ['highPriest'] } } as AnswerSpec);
    expect(screen.getByLabelText('Bob')).toHaveAccessibleDescription(i18n.t('cluethulhu:marks.absorbFails'));
    expect(screen.queryByText(i18n.t('cluethulhu:marks.highPriest'))).toBeNull();
  });

  it('sends the picked player with Next', async () => {
    const { onanswer } = show(pickOne);
    await fireEvent.click(screen.getByLabelText('Bob'));
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'players', ids: ['b'] });
  });

  it('explains a missing pick instead of sending it', async () => {
    const { onanswer } = show(pickOne);
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Pick exactly 1 player.');
  });

  it('offers "nobody" when none may be picked, unticked until chosen, and sends an empty pick', async () => {
    const { onanswer } = show({ kind: 'players', min: 0, max: 1, candidates: ['a', 'b'] });
    const nobody = screen.getByLabelText('Nobody');
    expect(nobody).not.toBeChecked();
    // Next on an untouched list is not "nobody": it asks for a choice.
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Choose an answer first: a player, or “Nobody”.');
    await fireEvent.click(screen.getByLabelText('Ada'));
    expect(nobody).not.toBeChecked();
    await fireEvent.click(nobody);
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'players', ids: [] });
  });

  it('uses checkboxes when several may be picked, and sends them in the order ticked', async () => {
    const { onanswer } = show({ kind: 'players', min: 2, max: 2, candidates: ['a', 'b', 'd'] });
    expect(screen.getByLabelText('Ada')).toHaveAttribute('type', 'checkbox');
    await fireEvent.click(screen.getByLabelText('Dee'));
    await fireEvent.click(screen.getByLabelText('Ada'));
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'players', ids: ['d', 'a'] });
  });

  it('draws at random when the step allows it', async () => {
    const { onanswer } = show({ ...pickOne, random: true } as AnswerSpec);
    await fireEvent.click(screen.getByRole('button', { name: 'Draw at random' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'random' });
  });

  it('offers no random draw when the step does not', () => {
    show(pickOne);
    expect(screen.queryByRole('button', { name: 'Draw at random' })).toBeNull();
  });

  it('forgets the pick when a new step comes', async () => {
    const { rerender, step: s } = show(pickOne);
    await fireEvent.click(screen.getByLabelText('Bob'));
    expect(screen.getByLabelText('Bob')).toBeChecked();
    await rerender({ resetKey: 2, step: { ...s, progress: { index: 4, total: 9 } } });
    expect(screen.getByLabelText('Bob')).not.toBeChecked();
  });
});

describe('other answers', () => {
  it('sends a plain Next for a step that takes no answer', async () => {
    const { onanswer } = show({ kind: 'none' });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'none' });
  });

  it('answers yes or no with two buttons named by their labels, without Next', async () => {
    const { onanswer } = show({ kind: 'yesno', yes: { key: 'cluethulhu:answers.nods' }, no: { key: 'cluethulhu:answers.shakesHead' } });
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: i18n.t('cluethulhu:answers.shakesHead') }));
    expect(onanswer).toHaveBeenLastCalledWith({ kind: 'yesno', value: false });
    await fireEvent.click(screen.getByRole('button', { name: i18n.t('cluethulhu:answers.nods') }));
    expect(onanswer).toHaveBeenLastCalledWith({ kind: 'yesno', value: true });
  });

  it('falls back to Yes and No', async () => {
    const { onanswer } = show({ kind: 'yesno' });
    await fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'yesno', value: true });
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
  });

  it('counts votes with number inputs labelled by name and − / + buttons', async () => {
    const { onanswer } = show({ kind: 'tally', options: ['a', 'b'], max: 5 });
    const ada = screen.getByLabelText('Ada');
    expect(ada).toHaveAttribute('type', 'number');
    await fireEvent.click(screen.getByRole('button', { name: 'One more for Bob' }));
    await fireEvent.click(screen.getByRole('button', { name: 'One more for Bob' }));
    await fireEvent.click(screen.getByRole('button', { name: 'One fewer for Bob' }));
    await fireEvent.input(ada, { target: { value: '3' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'tally', counts: { a: 3, b: 1 } });
  });

  it('labels only the count with the player’s name, so a lookup by name finds one field', () => {
    show({ kind: 'tally', options: ['a', 'b'], max: 5 });
    expect(screen.getAllByLabelText(/Ada/)).toHaveLength(1);
  });

  it('shows the running total and refuses a tally that does not add up, saying what it should be', async () => {
    const { onanswer } = show({ kind: 'tally', options: ['a', 'b'], max: 5, total: { rule: 'exactly', n: 5 } });
    expect(screen.getByTestId('tally-total')).toHaveTextContent('Total: 0 of 5');
    await fireEvent.input(screen.getByLabelText('Ada'), { target: { value: '3' } });
    expect(screen.getByTestId('tally-total')).toHaveTextContent('Total: 3 of 5');
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('The votes must add up to exactly 5 (now 3).');
    await fireEvent.input(screen.getByLabelText('Bob'), { target: { value: '2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'tally', counts: { a: 3, b: 2 } });
  });

  it('lets a duel’s voters abstain, but never counts more votes than voters', async () => {
    const { onanswer } = show({ kind: 'tally', options: ['a', 'b'], max: 4, total: { rule: 'atMost', n: 4 } });
    await fireEvent.input(screen.getByLabelText('Ada'), { target: { value: '3' } });
    await fireEvent.input(screen.getByLabelText('Bob'), { target: { value: '2' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('at most 4 (now 5)');
    await fireEvent.input(screen.getByLabelText('Bob'), { target: { value: '0' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).toHaveBeenCalledWith({ kind: 'tally', counts: { a: 3, b: 0 } });
  });

  it('refuses a count above the most allowed', async () => {
    const { onanswer } = show({ kind: 'tally', options: ['a', 'b'], max: 5 });
    await fireEvent.input(screen.getByLabelText('Ada'), { target: { value: '9' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onanswer).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('from 0 to 5');
  });
});

describe('errors, undo and saving', () => {
  it('shows the game’s error, translated, in an alert', () => {
    show(pickOne, { error: { key: 'common:errors.answer.notCandidate' } });
    expect(screen.getByRole('alert')).toHaveTextContent('That player cannot be picked on this step.');
  });

  it('enables Undo only when there is something to undo', async () => {
    const first = show({ kind: 'none' });
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    first.unmount();
    const { onundo } = show({ kind: 'none' }, { canUndo: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onundo).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while the last answer is being saved', async () => {
    const { onanswer } = show({ kind: 'none' }, { busy: true, canUndo: true });
    const next = screen.getByRole('button', { name: 'Saving…' });
    expect(next).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await fireEvent.submit(next.closest('form')!);
    expect(onanswer).not.toHaveBeenCalled();
  });

  it('explains the inverted phase names when asked to', () => {
    show({ kind: 'none' }, { notice: { key: 'common:script.dayIsEyesClosed' } });
    expect(screen.getByText(/“Day” is the eyes-closed phase/)).toBeInTheDocument();
  });
});

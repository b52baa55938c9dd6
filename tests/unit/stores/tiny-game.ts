/**
 * A three-stage game small enough to reason about in a test: deal a card to each player,
 * pick one player, confirm (yes ends the game, no goes back to picking). The Keeper may
 * eliminate anyone at any time.
 */
import { assign, setup, type SnapshotFrom, type AnyStateMachine } from 'xstate';
import type { GameDefinition, GameInput, GameView } from '$lib/engine/game';
import type { GameEvent, Player, Step } from '$lib/engine/types';

export interface TinySetup {
  names: string[];
}

interface Ctx {
  players: Player[];
  dealt: number;
  picked: string[];
  dead: string[];
  winner: string | null;
}

const machine = setup({
  types: { context: {} as Ctx, events: {} as GameEvent, input: {} as GameInput<TinySetup> },
  guards: {
    isLastCard: ({ context }) => context.dealt + 1 >= context.players.length,
    saidYes: ({ event }) => event.type === 'step.answer' && event.answer.kind === 'yesno' && event.answer.value
  }
}).createMachine({
  id: 'tiny',
  context: ({ input }) => ({
    players: input.setup.names.map((name, seat) => ({ id: `p${seat}`, name, seat })),
    dealt: 0,
    picked: [],
    dead: [],
    winner: null
  }),
  on: {
    'keeper.override': {
      actions: assign({
        dead: ({ context, event }) =>
          event.override.kind === 'eliminate' ? [...context.dead, event.override.player] : context.dead
      })
    }
  },
  initial: 'dealing',
  states: {
    dealing: {
      on: {
        'step.answer': [
          { guard: 'isLastCard', target: 'pick', actions: assign({ dealt: ({ context }) => context.dealt + 1 }) },
          { actions: assign({ dealt: ({ context }) => context.dealt + 1 }) }
        ]
      }
    },
    pick: {
      on: {
        'step.answer': {
          target: 'confirm',
          actions: assign({ picked: ({ event }) => (event.answer.kind === 'players' ? event.answer.ids : []) })
        }
      }
    },
    confirm: {
      on: {
        'step.answer': [{ guard: 'saidYes', target: 'over', actions: assign({ winner: 'village' }) }, { target: 'pick' }]
      }
    },
    over: { type: 'final' }
  }
});

type Snap = SnapshotFrom<AnyStateMachine>;

function step(snapshot: Snap): Step | null {
  const ctx = snapshot.context as Ctx;
  const base = { hints: [], eyesClosed: false };
  switch (snapshot.value) {
    case 'dealing':
      return { ...base, id: 'deal', prompt: { key: 'tiny:deal' }, answer: { kind: 'none' }, progress: { index: ctx.dealt + 1, total: ctx.players.length } };
    case 'pick': {
      const candidates = ctx.players.filter((p) => !ctx.dead.includes(p.id)).map((p) => p.id);
      return { ...base, id: 'pick', prompt: { key: 'tiny:pick' }, answer: { kind: 'players', min: 1, max: 1, candidates }, progress: { index: 1, total: 2 } };
    }
    case 'confirm':
      return { ...base, id: 'confirm', prompt: { key: 'tiny:confirm' }, answer: { kind: 'yesno' }, progress: { index: 2, total: 2 } };
    default:
      return null;
  }
}

function view(snapshot: Snap): GameView {
  const ctx = snapshot.context as Ctx;
  const stage = snapshot.value === 'dealing' ? 'dealing' : snapshot.value === 'over' ? 'over' : 'play';
  const phase = stage === 'play' ? { kind: 'day' as const, number: 1 } : null;
  return {
    stage,
    phase,
    step: step(snapshot),
    players: ctx.players.map((p) => ({
      ...p,
      alive: !ctx.dead.includes(p.id),
      card: { role: { key: 'tiny:role' }, side: { key: 'tiny:side' }, ability: { key: 'tiny:ability' }, tone: 'neutral' },
      marks: ctx.picked.includes(p.id) ? [{ id: 'picked', text: { key: 'tiny:picked' }, secret: false }] : []
    })),
    outcome: ctx.winner ? { winner: ctx.winner, reason: { key: 'tiny:won' }, winners: [] } : null,
    log: ctx.picked.map((id) => ({ phase: { kind: 'day', number: 1 }, text: { key: 'tiny:picked', params: { id } } })),
    facts: []
  };
}

export const tiny: GameDefinition<TinySetup> = {
  id: 'tiny',
  namespace: 'tiny',
  machineVersion: 3,
  minPlayers: 2,
  maxPlayers: 5,
  winners: [],
  machine,
  validateSetup: (s) => (s.names.length < 2 ? [{ field: 'players', text: { key: 'tiny:tooFew' } }] : []),
  view,
  dealing: (snapshot) => {
    const ctx = snapshot.context as Ctx;
    return snapshot.value === 'dealing' ? { player: ctx.players[ctx.dealt].id, index: ctx.dealt, total: ctx.players.length } : null;
  },
  players: (s) => s.names.map((name, seat) => ({ id: `p${seat}`, name, seat })),
  dealSteps: (s) => s.names.length
};

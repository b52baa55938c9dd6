import type { EventRecord, GameRecord } from '$lib/db';

export function gameRecord(id: string, over: Partial<GameRecord> = {}): GameRecord {
  return {
    id,
    gameId: 'cluethulhu',
    createdAt: 1000,
    updatedAt: 1000,
    input: { setup: { players: ['Ada', 'Bo'] }, seed: 42 },
    machineVersion: 1,
    snapshot: { value: 'start', context: { n: 0 } },
    seq: 0,
    status: 'active',
    summary: { players: ['Ada', 'Bo'], phase: null, stage: 'dealing', winner: null },
    ...over
  };
}

/** The game after one more entry, and that entry. */
export function nextEntry(game: GameRecord, at = game.updatedAt + 1): { game: GameRecord; event: EventRecord } {
  const seq = game.seq + 1;
  const snapshot = { value: `step${seq}`, context: { n: seq } };
  return {
    game: { ...game, seq, updatedAt: at, snapshot },
    event: { gameId: game.id, seq, at, event: { type: 'step.answer', answer: { kind: 'none' } }, snapshot, machineVersion: 1 }
  };
}

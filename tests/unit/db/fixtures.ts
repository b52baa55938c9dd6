import { vi } from 'vitest';
import { isCheckpoint, type CheckpointRecord, type EventRecord, type GameRecord } from '$lib/db';

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

/** The game after one more entry, that entry, and its checkpoint when the entry gets one. */
export function nextEntry(
  game: GameRecord,
  at = game.updatedAt + 1
): { game: GameRecord; event: EventRecord; checkpoint: CheckpointRecord | undefined } {
  const seq = game.seq + 1;
  const snapshot = { value: `step${seq}`, context: { n: seq } };
  return {
    game: { ...game, seq, updatedAt: at, snapshot },
    event: { gameId: game.id, seq, at, event: { type: 'step.answer', answer: { kind: 'none' } }, machineVersion: 1 },
    checkpoint: isCheckpoint(seq) ? { gameId: game.id, seq, snapshot, machineVersion: 1 } : undefined
  };
}

/** A game of `entries` entries, its log and its checkpoints, as built by `nextEntry`. */
export function playedRecord(id: string, entries: number): { game: GameRecord; events: EventRecord[]; checkpoints: CheckpointRecord[] } {
  let game = gameRecord(id);
  const events: EventRecord[] = [];
  const checkpoints: CheckpointRecord[] = [];
  for (let i = 0; i < entries; i++) {
    const n = nextEntry(game);
    events.push(n.event);
    if (n.checkpoint) checkpoints.push(n.checkpoint);
    game = n.game;
  }
  return { game, events, checkpoints };
}

/**
 * IndexedDB's store `store` throws `error()` on every `method` call, as a full or failing disk
 * does (until the mocks are restored). A move is written straight to IndexedDB (db/dexie.ts), so
 * a failure is made there rather than in Dexie's tables. Returns the spy.
 */
export function failInStore(method: 'add' | 'put', store: string, error: () => Error) {
  const original = IDBObjectStore.prototype[method];
  return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (this.name === store) throw error();
    return original.apply(this, args);
  });
}

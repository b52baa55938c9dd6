/**
 * A storage that lives only as long as the page: used when this browser cannot keep data
 * (IndexedDB missing, blocked or failing), and in tests. It applies the same rules as the
 * IndexedDB storage and hands out copies, so no caller can change what is stored by
 * mutating an object it was given or got back.
 */
import { StorageError, toStorageError } from './errors';
import {
  isNextEntry,
  isUnchangedSince,
  isWholeLog,
  type CheckpointRecord,
  type EventRecord,
  type GameRecord,
  type ImportItem,
  type ImportMode,
  type ScriptRecord,
  type Storage,
  type StoredGame
} from './types';

const clone = <T>(value: T): T => structuredClone(value);

export class MemoryStorage implements Storage {
  readonly kind = 'memory' as const;
  readonly #games = new Map<string, GameRecord>();
  readonly #events = new Map<string, EventRecord[]>();
  /** Per game: entry number → checkpoint. */
  readonly #checkpoints = new Map<string, Map<number, CheckpointRecord>>();
  readonly #settings = new Map<string, unknown>();
  readonly #scripts = new Map<string, ScriptRecord>();

  async #run<T>(op: () => T): Promise<T> {
    try {
      return op();
    } catch (e) {
      throw toStorageError(e);
    }
  }

  listGames(): Promise<GameRecord[]> {
    // Same order as the reversed `updatedAt` index: ties fall back to the id, descending.
    return this.#run(() =>
      [...this.#games.values()]
        .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
        .map(clone)
    );
  }

  getGame(id: string): Promise<StoredGame | null> {
    return this.#run(() => {
      const game = this.#games.get(id);
      if (!game) return null;
      const checkpoints = [...(this.#checkpoints.get(id)?.keys() ?? [])].sort((a, b) => a - b);
      return { game: clone(game), events: clone(this.#events.get(id) ?? []), checkpoints };
    });
  }

  getCheckpoint(id: string, seq: number): Promise<CheckpointRecord | null> {
    return this.#run(() => {
      const found = this.#checkpoints.get(id)?.get(seq);
      return found ? clone(found) : null;
    });
  }

  createGame(game: GameRecord): Promise<void> {
    return this.#run(() => {
      if (this.#games.has(game.id)) throw new StorageError('conflict');
      const copy = clone(game);
      this.#games.set(copy.id, copy);
    });
  }

  appendEvent(game: GameRecord, event: EventRecord, checkpoint?: CheckpointRecord): Promise<void> {
    return this.#run(() => {
      const stored = this.#games.get(game.id);
      if (!isNextEntry(stored ? stored.seq : null, game, event, checkpoint)) throw new StorageError('conflict');
      // Every copy is made before anything is written, so a value that cannot be stored
      // leaves the game as it was, like an aborted transaction.
      const g = clone(game);
      const e = clone(event);
      const c = checkpoint ? clone(checkpoint) : null;
      this.#events.set(g.id, [...(this.#events.get(g.id) ?? []), e]);
      if (c) this.#checkpointsOf(g.id).set(c.seq, c);
      this.#games.set(g.id, g);
    });
  }

  #checkpointsOf(id: string): Map<number, CheckpointRecord> {
    let found = this.#checkpoints.get(id);
    if (!found) this.#checkpoints.set(id, (found = new Map()));
    return found;
  }

  deleteGame(id: string): Promise<void> {
    return this.#run(() => {
      this.#games.delete(id);
      this.#events.delete(id);
      this.#checkpoints.delete(id);
    });
  }

  markHandBack(id: string, seq: number): Promise<void> {
    return this.#run(() => {
      const stored = this.#games.get(id);
      if (stored && stored.seq === seq) this.#games.set(id, { ...stored, handBackOpenedAt: seq });
    });
  }

  importGames(items: readonly ImportItem[], mode: ImportMode): Promise<void> {
    return this.#run(() => {
      if (!isWholeLog(items)) throw new TypeError('import: an item does not hold its whole log');
      if (mode === 'add' && items.some((i) => this.#games.has(i.game.id))) throw new StorageError('conflict');
      // Every copy is made before the first write, so a value that cannot be stored leaves
      // everything as it was, like an aborted transaction.
      const copies = items.map((i) => ({ game: clone(i.game), events: clone(i.events), checkpoints: clone(i.checkpoints) }));
      for (const { game, events, checkpoints } of copies) {
        this.#games.set(game.id, game);
        this.#events.set(game.id, events);
        this.#checkpoints.set(game.id, new Map(checkpoints.map((c) => [c.seq, c])));
      }
    });
  }

  saveGame(game: GameRecord, events: readonly EventRecord[], checkpoints: readonly CheckpointRecord[], since: number | null): Promise<void> {
    return this.#run(() => {
      if (!isWholeLog([{ game, events: [...events], checkpoints: [...checkpoints] }])) throw new TypeError('save: not the game’s whole log');
      const stored = this.#games.get(game.id);
      if (!isUnchangedSince(stored, since)) throw new StorageError('conflict');
      const g = clone(game);
      const log = clone([...events]);
      const added = clone([...checkpoints]);
      // Checkpoints up to `since` belong to the unchanged part of the stored log.
      const keepTo = stored ? (since ?? 0) : 0;
      const kept = [...(this.#checkpoints.get(g.id)?.values() ?? [])].filter((c) => c.seq <= keepTo);
      this.#games.set(g.id, g);
      this.#events.set(g.id, log);
      this.#checkpoints.set(g.id, new Map([...kept, ...added].map((c) => [c.seq, c])));
    });
  }

  getSetting<T>(key: string, fallback: T): Promise<T> {
    return this.#run(() => (this.#settings.has(key) ? clone(this.#settings.get(key) as T) : fallback));
  }

  setSetting(key: string, value: unknown): Promise<void> {
    return this.#run(() => {
      this.#settings.set(key, clone(value));
    });
  }

  listScripts(): Promise<ScriptRecord[]> {
    // Same order as the reversed `updatedAt` index.
    return this.#run(() =>
      [...this.#scripts.values()].sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map(clone)
    );
  }

  putScript(script: ScriptRecord): Promise<void> {
    return this.#run(() => {
      this.#scripts.set(script.id, clone(script));
    });
  }

  deleteScript(id: string): Promise<void> {
    return this.#run(() => {
      this.#scripts.delete(id);
    });
  }
}

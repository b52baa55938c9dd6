import { MemoryStorage, type CheckpointRecord, type EventRecord, type GameRecord, type ScriptRecord, type Storage, type StorageError, type StoredGame } from '$lib/db';

/** A memory storage whose game writes a test can hold back or make fail (as a full disk would). */
export class ControlledStorage implements Storage {
  readonly kind = 'memory' as const;
  readonly inner = new MemoryStorage();
  /** Called on every read of a game, to stand in for data written by an older version. */
  onRead: ((found: StoredGame) => void) | null = null;
  fail: StorageError | null = null;
  appendCalls = 0;
  saveCalls = 0;
  #gate: Promise<void> | null = null;

  /** Hold every append until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.#gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.#gate = null;
      release();
    };
  }

  async appendEvent(game: GameRecord, event: EventRecord, checkpoint?: CheckpointRecord): Promise<void> {
    this.appendCalls++;
    if (this.#gate) await this.#gate;
    if (this.fail) throw this.fail;
    return this.inner.appendEvent(game, event, checkpoint);
  }

  async getGame(id: string) {
    const found = await this.inner.getGame(id);
    if (found) this.onRead?.(found);
    return found;
  }

  async getCheckpoint(id: string, seq: number): Promise<CheckpointRecord | null> {
    // A failing disk fails reads too.
    if (this.fail?.kind === 'unavailable') throw this.fail;
    return this.inner.getCheckpoint(id, seq);
  }
  listGames = () => this.inner.listGames();
  async createGame(g: GameRecord): Promise<void> {
    if (this.fail) throw this.fail;
    return this.inner.createGame(g);
  }

  async saveGame(game: GameRecord, events: readonly EventRecord[], checkpoints: readonly CheckpointRecord[], since: number | null): Promise<void> {
    this.saveCalls++;
    if (this.fail) throw this.fail;
    return this.inner.saveGame(game, events, checkpoints, since);
  }

  deleteGame = (id: string) => this.inner.deleteGame(id);
  importGames: Storage['importGames'] = (items, mode) => this.inner.importGames(items, mode);
  markHandBack = (id: string, seq: number) => this.inner.markHandBack(id, seq);
  getSetting = <T>(key: string, fallback: T) => this.inner.getSetting(key, fallback);
  setSetting = (key: string, value: unknown) => this.inner.setSetting(key, value);
  listScripts = () => this.inner.listScripts();
  putScript = (script: ScriptRecord) => this.inner.putScript(script);
  deleteScript = (id: string) => this.inner.deleteScript(id);
}

/**
 * The official characters' texts the Storyteller imported on this phone (the publisher's
 * character data file, read by `parseCharacterTexts`): kept in one settings row, read once when
 * a Blood on the Clocktower screen first asks, and shared by every screen that shows them.
 * A file Lantern refuses changes nothing; forgetting the texts removes the row's contents.
 */
import type { Text } from '../engine/types';
import type { Storage } from '../db';
import { parseCharacterTexts, readStoredTexts, storeTexts, STORED_TEXTS_KEY, type CharacterText, type CharacterTexts } from '../games/botc/texts';
import { readSetting, ready } from './storage.svelte';

export type { CharacterText, CharacterTexts };

class CharacterTextStore {
  texts = $state<CharacterTexts | null>(null);
  importedAt = $state(0);
  loaded = $state(false);
  #loading: Promise<void> | null = null;

  /** Read the kept texts (once; later calls wait for the same read). */
  load(storage?: Storage): Promise<void> {
    this.#loading ??= (async () => {
      try {
        // Without a storage given, the small read: the set-up screen shows the texts without loading Dexie.
        const stored = storage ? await storage.getSetting<unknown>(STORED_TEXTS_KEY, null) : await readSetting<unknown>(STORED_TEXTS_KEY, null);
        const kept = readStoredTexts(stored);
        this.texts = kept?.texts ?? null;
        this.importedAt = kept?.importedAt ?? 0;
      } catch {
        this.texts = null;
      } finally {
        this.loaded = true;
      }
    })();
    return this.#loading;
  }

  /** A character's imported text, if any. */
  of(id: string): CharacterText | null {
    return this.texts?.get(id) ?? null;
  }

  /** Read a file and keep its texts, replacing those kept before. Nothing is written unless it all reads. */
  async import(text: string, storage?: Storage): Promise<{ ok: true; count: number; unknown: number } | { ok: false; problem: Text }> {
    const r = parseCharacterTexts(text);
    if (!r.ok) return r;
    const now = Date.now();
    await (storage ?? (await ready())).setSetting(STORED_TEXTS_KEY, storeTexts(r.texts, now));
    this.texts = r.texts;
    this.importedAt = now;
    this.loaded = true;
    return { ok: true, count: r.texts.size, unknown: r.unknown };
  }

  async forget(storage?: Storage): Promise<void> {
    await (storage ?? (await ready())).setSetting(STORED_TEXTS_KEY, null);
    this.texts = null;
    this.importedAt = 0;
  }
}

export const characterTexts = new CharacterTextStore();

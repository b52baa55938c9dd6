import { describe, expect, it } from 'vitest';
import { openDexieStorage } from '$lib/db/dexie';
import { BULKY_SETTINGS, peekRows, peekSetting, peekStorage } from '$lib/db/peek';
import { STORED_TEXTS_KEY } from '$lib/games/botc/texts';
import type { ScriptRecord } from '$lib/db';
import { gameRecord } from './fixtures';

let count = 0;
const fresh = () => `lantern-peek-${++count}`;

const script = (id: string, updatedAt: number): ScriptRecord => ({ id, name: id, script: [{ id: '_meta', name: id }], createdAt: 1, updatedAt });

describe('the small read without Dexie', () => {
  it('finds nothing stored, and leaves no database behind, on a phone that never opened Lantern', async () => {
    const name = fresh();
    expect(await peekStorage(name)).toEqual({ games: [], settings: {} });
    expect(await peekSetting('display.nightMode', name)).toEqual({ found: false });
    expect(await peekRows('scripts', name)).toEqual([]);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(name);
  });

  it('reads the games and the settings, but not a file-sized setting, which it reads only when asked', async () => {
    const name = fresh();
    const storage = await openDexieStorage({ name });
    await storage.createGame({ ...gameRecord('old'), updatedAt: 1 });
    await storage.createGame({ ...gameRecord('new'), updatedAt: 2 });
    await storage.setSetting('display.nightMode', 'red');
    const texts = { importedAt: 5, texts: 'x'.repeat(10_000) };
    await storage.setSetting(STORED_TEXTS_KEY, texts);
    await storage.setSetting('zzz.after', 1);
    storage.db.close();

    const peeked = await peekStorage(name);
    expect(peeked?.games.map((g) => g.id)).toEqual(['new', 'old']);
    expect(peeked?.settings).toEqual({ 'display.nightMode': 'red', 'zzz.after': 1 });
    expect(await peekSetting(STORED_TEXTS_KEY, name)).toEqual({ found: true, value: texts });
    expect(await peekSetting('nothing.here', name)).toEqual({ found: false });
  });

  it('names the character texts as the bulky setting it skips', () => {
    expect(BULKY_SETTINGS).toContain(STORED_TEXTS_KEY);
  });

  it('lists the scripts most recently changed first, as the storage does', async () => {
    const name = fresh();
    const storage = await openDexieStorage({ name });
    await storage.putScript(script('a', 10));
    await storage.putScript(script('b', 30));
    await storage.putScript(script('c', 20));
    const fromDexie = await storage.listScripts();
    storage.db.close();
    const peeked = await peekRows<ScriptRecord>('scripts', name);
    expect(peeked?.map((s) => s.id)).toEqual(['b', 'c', 'a']);
    expect(peeked).toEqual(fromDexie);
  });

  it('leaves a store an older database lacks to Dexie', async () => {
    const name = fresh();
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(name, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore('games', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        open.result.createObjectStore('settings', { keyPath: 'key' });
      };
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    expect(await peekRows('scripts', name)).toBeNull();
    expect(await peekStorage(name)).toEqual({ games: [], settings: {} });
  });
});

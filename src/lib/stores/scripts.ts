/**
 * The Storyteller's script library for Blood on the Clocktower: scripts loaded from a file, a
 * paste or one of the three base editions, kept on the phone (the `scripts` table), listed,
 * renamed, deleted and exported again.
 *
 * A script is read in full before anything is written (`parseScript`, with every check a
 * hostile file needs): a file Lantern refuses leaves the library as it was, and the reason is
 * given back as a message. What is stored is the script as Lantern writes it back
 * (`scriptToJson`), never the file as it came.
 */
import { randomId } from '../engine/ids';
import type { Text } from '../engine/types';
import type { ScriptRecord, Storage } from '../db';
import { BASE_EDITIONS, EDITION_NAMES, type BaseEdition } from '../games/botc/characters';
import { editionScript, MAX_SCRIPT_BYTES, parseScript, readScript, scriptToJson, SCRIPT_LIMITS, type Script, type ScriptOptions } from '../games/botc/script';
import { readScripts, ready } from './storage.svelte';

export type { ScriptRecord };

export type AddResult =
  | { ok: true; record: ScriptRecord; skipped: string[]; /** What Lantern changed or chose while reading, to be said: a night order's gap filled, a name taken from the file. */ notes: Text[] }
  | { ok: false; problem: Text; /** Official ids Lantern does not know: the script may be loaded without them. */ unknown?: string[] };


/** A script's name as the library shows it: its own, the edition's, or "Script of <date>". */
function nameFor(script: Script, fallback: string): string {
  return (script.name ?? fallback).trim().slice(0, SCRIPT_LIMITS.scriptName) || fallback;
}

/** The script a stored record holds, read again (null when it no longer reads). */
export function scriptOf(record: ScriptRecord): Script | null {
  const r = readScript(record.script);
  return r.ok ? r.script : null;
}

/** The base edition a record is, when it is one (by the id Lantern gives those). */
export function editionOf(record: ScriptRecord): BaseEdition | null {
  const m = /^edition-(tb|bmr|snv)$/.exec(record.id);
  return m ? (m[1] as BaseEdition) : null;
}

/** The scripts kept, most recently changed first; without a storage given, by the small read while the storage is not open yet (no Dexie for the set-up screen's list). */
export async function listScripts(storage?: Storage): Promise<ScriptRecord[]> {
  return storage ? storage.listScripts() : readScripts();
}

/**
 * Read a script file's text and keep it. `fallbackName` names a script with no name of its own.
 * Nothing is written unless the whole script reads.
 */
export async function addScript(text: string, fallbackName: string, options: ScriptOptions = {}, storage?: Storage): Promise<AddResult> {
  const parsed = parseScript(text, options);
  if (!parsed.ok) return parsed;
  const now = Date.now();
  const record: ScriptRecord = { id: randomId(), name: nameFor(parsed.script, fallbackName), script: scriptToJson(parsed.script), createdAt: now, updatedAt: now };
  await (storage ?? (await ready())).putScript(record);
  const notes = [...parsed.notes, ...(parsed.script.name ? [] : [{ key: 'botc:script.notes.unnamed', params: { name: record.name } }])];
  return { ok: true, record, skipped: parsed.skipped, notes };
}

/** Keep a base edition's script (once: adding it again refreshes the same row). */
export async function addEdition(edition: BaseEdition, storage?: Storage): Promise<ScriptRecord> {
  if (!BASE_EDITIONS.includes(edition)) throw new TypeError(`Not a base edition: ${edition}`);
  const now = Date.now();
  const s = await (storage ?? (await ready()));
  const existing = (await s.listScripts()).find((r) => r.id === `edition-${edition}`);
  const record: ScriptRecord = {
    id: `edition-${edition}`,
    name: existing?.name ?? EDITION_NAMES[edition],
    script: scriptToJson(editionScript(edition, EDITION_NAMES[edition])),
    createdAt: existing?.createdAt ?? now,
    updatedAt: now
  };
  await s.putScript(record);
  return record;
}

/** Why a name cannot be a script's, or null. */
export function nameProblem(name: string): Text | null {
  const n = name.trim();
  if (n === '') return { key: 'botc:library.errors.nameEmpty' };
  if (n.length > SCRIPT_LIMITS.scriptName) return { key: 'botc:library.errors.nameLong', params: { max: SCRIPT_LIMITS.scriptName } };
  return null;
}

export async function renameScript(record: ScriptRecord, name: string, storage?: Storage): Promise<ScriptRecord> {
  if (nameProblem(name)) throw new TypeError('Not a script name');
  const renamed = { ...record, name: name.trim(), updatedAt: Date.now() };
  await (storage ?? (await ready())).putScript(renamed);
  return renamed;
}

/**
 * Keeps a night's order the Storyteller arranged (every entry, markers included) as the
 * script's own order for that night: games set up with it from then on wake in that order.
 */
export async function keepNightOrder(record: ScriptRecord, night: 'first' | 'other', order: string[], storage?: Storage): Promise<ScriptRecord> {
  const script = scriptOf(record);
  if (!script) throw new TypeError('The script does not read');
  const next = { ...script, ...(night === 'first' ? { firstNight: [...order] } : { otherNight: [...order] }) };
  const kept = { ...record, script: scriptToJson(next), updatedAt: Date.now() };
  await (storage ?? (await ready())).putScript(kept);
  return kept;
}

export async function deleteScript(id: string, storage?: Storage): Promise<void> {
  await (storage ?? (await ready())).deleteScript(id);
}

/** A stored script as a file to share or save: the script tools' format, with its name in `_meta`. */
export function exportScript(record: ScriptRecord): { name: string; text: string } {
  const list = record.script.filter((x) => !(typeof x === 'object' && x !== null && (x as { id?: unknown }).id === '_meta'));
  const meta = record.script.find((x) => typeof x === 'object' && x !== null && (x as { id?: unknown }).id === '_meta') as Record<string, unknown> | undefined;
  const text = JSON.stringify([{ ...(meta ?? { id: '_meta' }), name: record.name }, ...list], null, 1);
  const base = record.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'script';
  return { name: `${base}.json`, text };
}

/** The largest file the picker reads (checked before reading it). */
export const MAX_FILE_BYTES = MAX_SCRIPT_BYTES;

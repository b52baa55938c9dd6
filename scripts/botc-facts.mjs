/**
 * Writes src/lib/games/botc/facts.ts from the Blood on the Clocktower facts file the team keeps
 * beside the project (../shared/botc/characters.json, itself drawn from the publisher's
 * toolmaker data: ids, names, teams, editions, set-up rules, reminder labels, night positions,
 * app flags and jinx pairs, with no ability text). Run it again when that file changes:
 *
 *   node scripts/botc-facts.mjs [path/to/characters.json]
 *
 * The app reads only the written module; nothing outside the project is needed at run time.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const source = process.argv[2] ?? fileURLToPath(new URL('../../shared/botc/characters.json', import.meta.url));
const target = fileURLToPath(new URL('../src/lib/games/botc/facts.ts', import.meta.url));
const data = JSON.parse(await readFile(source, 'utf8'));

const TEAMS = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller', 'fabled', 'loric'];
const rows = data.characters.map((c) => {
  if (!TEAMS.includes(c.team)) throw new Error(`${c.id}: unknown team ${c.team}`);
  // One line per character: [id, name, team, edition, firstNight, otherNight, setupRule|setup flag,
  // reminders, global reminders, special, jinxed with]. Optional tails are left off when empty.
  const row = [
    c.id,
    c.name,
    c.team,
    c.edition,
    c.firstNight ?? 0,
    c.otherNight ?? 0,
    c.setupRule ?? (c.setup ? true : false),
    c.reminders ?? [],
    c.remindersGlobal ?? [],
    (c.special ?? []).map((s) => ({ type: s.type, name: s.name, ...(s.value !== undefined ? { value: s.value } : {}), ...(s.time ? { time: s.time } : {}), ...(s.global ? { global: s.global } : {}) })),
    c.jinxedWith ?? []
  ];
  while (row.length > 7 && Array.isArray(row.at(-1)) && row.at(-1).length === 0) row.pop();
  return `  ${JSON.stringify(row)}`;
});

const out = `/**
 * Blood on the Clocktower: facts about every released character (no ability text: that is the
 * publisher's, and reaches the phone only when the Storyteller imports it).
 *
 * Written by scripts/botc-facts.mjs from ../shared/botc/characters.json; do not edit by hand.
 * Its source: ${data.source}; as of ${data.asOf}.
 *
 * Row: [id, name, team, edition, first-night position, other-night position, set-up rule (text, or true when it changes the set-up with no rule
 * printed, or false), reminder labels, global reminder labels, app flags, jinxed with].
 */
import type { FactRow } from './fact-row';

export const NIGHT_MARKERS = ${JSON.stringify(data.nightMarkers)} as const;

export const FIRST_NIGHT_ORDER: readonly string[] = ${JSON.stringify(data.firstNightOrder)};

export const OTHER_NIGHT_ORDER: readonly string[] = ${JSON.stringify(data.otherNightOrder)};

export const FACT_ROWS: readonly FactRow[] = [
${rows.join(',\n')}
];
`;
await writeFile(target, out);
console.log(`Wrote ${data.characters.length} characters to ${target}`);

import { describe, expect, it } from 'vitest';
import { FACTIONS, FACTION_IDS, BASIC_FACTIONS, OPTIONAL_FACTIONS } from '../../../src/lib/games/ktulu/factions';
import { ROLES, ROLE_IDS, frequencies, rolesOf, type RoleId } from '../../../src/lib/games/ktulu/roles';
import { NIGHT, ZERO_NIGHT } from '../../../src/lib/games/ktulu/steps';
import enKtulu from '../../../locales/en/ktulu.json';
import plKtulu from '../../../locales/pl/ktulu.json';

describe('Ktulu factions and roles', () => {
  it('has the book’s seven factions, Lucky Luke first at night but fifth in the book', () => {
    expect(FACTION_IDS).toEqual(['town', 'bandits', 'indians', 'aliens', 'luckyLuke', 'runaways', 'gods']);
    expect(BASIC_FACTIONS).toEqual(['town', 'bandits', 'indians']);
    expect(OPTIONAL_FACTIONS).toEqual(['aliens', 'luckyLuke', 'runaways', 'gods']);
  });

  it('counts 16 Town roles, 7 Bandits, 9 Indians, 6 Aliens, Lucky Luke, 2 Runaways and 3 Bungling Gods', () => {
    expect(FACTION_IDS.map((f) => rolesOf(f).length)).toEqual([16, 7, 9, 6, 1, 2, 3]);
    expect(ROLE_IDS).toHaveLength(44);
    expect(rolesOf('runaways')).toEqual(['kali', 'cleaningLady']);
    expect(rolesOf('gods')).toEqual(['kaszabara', 'banner', 'heWhoseName']);
  });

  it('ranks only the three leaders, who lead their own factions', () => {
    const ranked = ROLE_IDS.filter((r) => ROLES[r].rank === 1);
    expect(ranked).toEqual(['banditLeader', 'chief', 'greatAlien']);
    for (const f of FACTION_IDS) if (FACTIONS[f].leader) expect(ROLES[FACTIONS[f].leader!].faction).toBe(f);
  });

  it('deals plain roles as often as wanted and every other role once', () => {
    expect(ROLE_IDS.filter((r) => ROLES[r].plain)).toEqual(['townsman', 'bandit', 'indian', 'alien']);
    for (const f of FACTION_IDS) if (FACTIONS[f].plain) expect(ROLES[FACTIONS[f].plain!].faction).toBe(f);
  });

  it('says how often each role acts, as the book describes it', () => {
    const table: Partial<Record<RoleId, string[]>> = {
      harlot: ['zeroNight'],
      seducer: ['zeroNight'],
      blackmailer: ['zeroNight'],
      sheriff: ['zeroNight', 'everyNight'],
      pastor: ['zeroNight', 'everyNight'],
      drunkard: ['twiceAtNight'],
      drunkJudge: ['onceByDay', 'twiceAtNight'],
      judge: ['onceByDay'],
      mayor: ['onceByDay'],
      goodGunslinger: ['byDay'],
      doctor: ['onDeath'],
      hangman: ['onceAtNight'],
      gambler: ['onceAtNight'],
      bodyguard: ['everyNight'],
      kali: ['everyNight', 'twiceAtNight'],
      luckyLuke: ['byDay', 'everyNight', 'onceAtNight'],
      heWhoseName: ['onceAtNight', 'everyNight'],
      townsman: ['none'],
      banditLeader: ['none'],
      chief: ['none']
    };
    for (const [role, want] of Object.entries(table)) expect(frequencies(role as RoleId), role).toEqual(want);
  });

  it('gives every night ability of a role a step of its own in the book’s lists, with the same limit', () => {
    for (const id of ROLE_IDS) {
      for (const a of ROLES[id].abilities) {
        if (a.timing !== 'night' && a.timing !== 'zeroNight') continue;
        const list = a.timing === 'night' ? NIGHT : ZERO_NIGHT;
        const step = list.find((s) => s.does === a.does && ('role' in s.actor ? s.actor.role === id : 'roles' in s.actor && s.actor.roles.includes(id)));
        expect(step, `${id}.${a.does}`).toBeDefined();
        if (a.timing === 'night' && a.uses !== 'every') expect(step!.uses, `${id}.${a.does}`).toBe(a.uses);
      }
    }
  });

  it('counts a limited ability under one key per role: no role has two limited abilities doing the same', () => {
    for (const id of ROLE_IDS) {
      const limited = ROLES[id].abilities.filter((a) => a.timing !== 'zeroNight' && a.uses !== 'every').map((a) => a.does);
      expect(new Set(limited).size, id).toBe(limited.length);
    }
  });

  it('names every role and says what it does in English and Polish, in one sentence', () => {
    for (const [lang, texts] of [['en', enKtulu], ['pl', plKtulu]] as const) {
      const roles = texts.roles as Record<string, { name: string; ability: string }>;
      expect(Object.keys(roles).sort(), lang).toEqual([...ROLE_IDS].sort());
      for (const id of ROLE_IDS) {
        expect(roles[id].name.trim(), `${lang} ${id}`).not.toBe('');
        expect(roles[id].ability, `${lang} ${id}`).toMatch(/^[^.]+[.]$/u);
      }
      expect(new Set(ROLE_IDS.map((id) => roles[id].name)).size, lang).toBe(ROLE_IDS.length);
      expect(Object.keys(texts.factions).sort(), lang).toEqual([...FACTION_IDS].sort());
      expect(Object.keys(texts.goals).sort(), lang).toEqual([...FACTION_IDS].sort());
    }
  });

  it('uses the book’s Polish names, and never its offensive term for the Runaways', () => {
    const pl = plKtulu.roles as Record<string, { name: string }>;
    expect(pl.banditLeader.name).toBe('Herszt');
    expect(pl.burningRage.name).toBe('Płonący szał');
    expect(pl.eagleEye.name).toBe('Lornecie oko');
    expect(pl.kali.name).toBe('Kali');
    expect(pl.heWhoseName.name).toBe('Ten, którego imienia nikt nie pamięta');
    expect(plKtulu.factions.runaways).toBe('Zbiegowie');
    expect(JSON.stringify(plKtulu)).not.toMatch(/murzyn|niewolnik|gorący szał/iu);
  });
});

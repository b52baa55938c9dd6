/**
 * Keeping a right-to-left name from reordering the sentence it sits in: every string parameter of
 * a translation that needs it is wrapped in directional isolates (see src/lib/engine/names.ts).
 * Other values (role ids used in nested keys, numbers, Latin names) pass unchanged.
 */
import { isolate } from '../engine/names';

export { isolate };

/** Translation parameters with every string that needs it isolated. */
export function isolateParams(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params) return params;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const isolated = isolate(value);
    if (isolated === value) continue;
    out ??= { ...params };
    out[key] = isolated;
  }
  return out ?? params;
}

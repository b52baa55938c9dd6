/**
 * The end-of-timer signal: a soft two-note chime made with Web Audio (generated on the spot,
 * nothing fetched, so it works offline) and a short vibration. Both are best effort: a phone
 * without sound or vibration still shows "Time is up" on screen.
 *
 * Browsers only let a page make sound after a tap, so `prepareSound()` is called from the
 * tap that starts a timer; the chime at the end then plays on the context it opened.
 */

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const g = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  return g.AudioContext ?? g.webkitAudioContext;
}

/** Open (or wake) the audio context; call it from a tap. */
export function prepareSound(): void {
  try {
    // A context the browser closed is no use; one Safari "interrupted" (a call, the phone
    // locked) or suspended is woken, as a suspended one is.
    if (!context || context.state === 'closed') {
      const Ctx = audioContextClass();
      if (!Ctx) return;
      context = new Ctx();
    }
    if ((context.state as string) !== 'running') void context.resume().catch(() => {});
  } catch {
    context = null;
  }
}

/** Two gentle notes, a fifth apart, each fading out over about a second. */
export function chime(): void {
  prepareSound();
  const ctx = context;
  if (!ctx) return;
  try {
    const start = ctx.currentTime + 0.05;
    const notes: [number, number][] = [
      [659.25, 0], // E5
      [987.77, 0.35] // B5
    ];
    for (const [frequency, offset] of notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const at = start + offset;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.25, at + 0.03);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 1.2);
      osc.connect(gain);
      gain.connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 1.25);
    }
  } catch {
    // No sound this time; the screen still says so.
  }
}

/** Buzz where the phone can (not iOS Safari, not desktops). */
export function vibrate(pattern: number[] = [200, 100, 200]): void {
  try {
    globalThis.navigator?.vibrate?.(pattern);
  } catch {
    // Vibration refused (no recent tap, or switched off): nothing to do.
  }
}

/** Forget the audio context (tests install a new fake between cases). */
export function resetSound(): void {
  context = null;
}

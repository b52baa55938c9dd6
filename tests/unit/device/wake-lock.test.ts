/**
 * Keeping the screen on: one lock while wanted, taken again when the page comes back into
 * view (the browser drops it on hide), let go when no longer wanted, and a single note where
 * the browser cannot hold one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { StayAwake } from '$lib/device/wake-lock.svelte';
import { FakeWakeLock, installWakeLock, removeWakeLock, resetVisibility, setVisibility } from './fakes';

afterEach(() => {
  removeWakeLock();
  resetVisibility();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('StayAwake', () => {
  it('takes the lock when asked and lets go on release', async () => {
    const lock = installWakeLock();
    const awake = new StayAwake();
    awake.hold();
    await settle();
    expect(lock.held).toHaveLength(1);
    expect(awake.held).toBe(true);
    awake.release();
    await settle();
    expect(lock.held).toHaveLength(0);
    expect(awake.held).toBe(false);
  });

  it('takes it again when the page becomes visible after the browser dropped it', async () => {
    const lock = installWakeLock();
    const awake = new StayAwake();
    awake.hold();
    await settle();
    setVisibility('hidden', lock);
    await settle();
    expect(awake.held).toBe(false);
    expect(lock.sentinels).toHaveLength(1);
    setVisibility('visible', lock);
    await settle();
    expect(lock.sentinels).toHaveLength(2);
    expect(lock.held).toHaveLength(1);
    expect(awake.held).toBe(true);
  });

  it('does not ask again on visibility once released', async () => {
    const lock = installWakeLock();
    const awake = new StayAwake();
    awake.hold();
    await settle();
    awake.release();
    setVisibility('hidden', lock);
    setVisibility('visible', lock);
    await settle();
    expect(lock.sentinels).toHaveLength(1);
    expect(lock.held).toHaveLength(0);
  });

  it('gives back a lock that arrives after the screen was left', async () => {
    const lock = installWakeLock();
    const awake = new StayAwake();
    awake.hold();
    awake.release();
    await settle();
    expect(lock.sentinels).toHaveLength(1);
    expect(lock.held).toHaveLength(0);
  });

  it('says once, until dismissed, that the browser has no wake lock', async () => {
    removeWakeLock();
    const awake = new StayAwake();
    expect(awake.supported).toBe(false);
    awake.hold();
    await settle();
    expect(awake.unavailable).toBe(true);
    awake.dismiss();
    awake.release();
    awake.hold();
    await settle();
    expect(awake.unavailable).toBe(false);
  });

  it('says so when the browser refuses the lock', async () => {
    const lock: FakeWakeLock = installWakeLock();
    lock.refuse = true;
    const awake = new StayAwake();
    awake.hold();
    await settle();
    expect(awake.held).toBe(false);
    expect(awake.unavailable).toBe(true);
  });
});

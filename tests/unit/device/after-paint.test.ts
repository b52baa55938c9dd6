import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/lib/device/after-paint';

describe('afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the work once the next frame is drawn, not before', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const work = vi.fn();
    afterPaint(work);
    vi.runAllTimers();
    expect(work).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames[0](0);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('skips the work, and throws nothing, when the page is gone by then', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    // The work reads the page, as the theme colour's does.
    const work = vi.fn(() => globalThis.document.querySelector('meta'));
    afterPaint(work);
    frames[0](0);
    vi.stubGlobal('document', undefined);
    expect(() => vi.runAllTimers()).not.toThrow();
    expect(work).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterTapPaint } from './after-paint';

/** requestAnimationFrame held back: the test draws the frame. */
function heldFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  return () => frames.splice(0).forEach((frame) => frame(performance.now()));
}

describe('after the next paint', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('waits for a frame to be painted, but never for good when frames do not come (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    let done = false;
    void afterNextPaint(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('goes on right after the frame when frames come', async () => {
    vi.useFakeTimers();
    const drawFrame = heldFrames();
    let done = false;
    void afterNextPaint(100).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(done).toBe(false);
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it("runs a tap's work only once its frame is painted", async () => {
    vi.useFakeTimers();
    const drawFrame = heldFrames();
    const work = vi.fn();
    afterTapPaint(work);
    expect(work).not.toHaveBeenCalled();
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('drops a second tap made before the first one has been answered (two taps on Done in one frame move one step)', async () => {
    vi.useFakeTimers();
    const drawFrame = heldFrames();
    const steps: string[] = [];
    afterTapPaint(() => steps.push('done'));
    afterTapPaint(() => steps.push('done again'));
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual(['done']);
    // Once answered, the next tap is a tap of its own.
    afterTapPaint(() => steps.push('cancel'));
    drawFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual(['done', 'cancel']);
  });
});

/**
 * Resolves once the browser has had a frame to paint (after the next animation frame), or after
 * `limitMs` where frames do not come (a hidden tab), so the caller never waits for good.
 */
export function afterNextPaint(limitMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

let waiting = false;

/**
 * A tap that changes the screen answers first and works after: the frame that shows the press
 * (the control's pressed state) is painted, then the new screen is built in a task of its own. On
 * a slow kiosk PC building a rental step or a section takes longer than a finger waits for an
 * answer (100 ms); built inside the tap, nothing on the screen moves until it is all done.
 *
 * One piece of work waits at a time: a second tap before the first one's frame is painted (two
 * taps on Done, Done then Cancel) is dropped. A choice that must never be lost (a tick) uses
 * `afterNextPaint` instead.
 */
export function afterTapPaint(work: () => void): void {
  if (waiting) return;
  waiting = true;
  void afterNextPaint().then(() => {
    waiting = false;
    work();
  });
}

/**
 * A form's onSubmit: the browser's own submit is stopped at once, the form's (validation with
 * react-hook-form, then the next screen) runs after the tap's frame (`afterTapPaint`).
 */
export function submitAfterTapPaint(submit: () => unknown): (event: { preventDefault(): void }) => void {
  return (event) => {
    event.preventDefault();
    afterTapPaint(() => void submit());
  };
}

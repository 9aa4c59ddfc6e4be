/**
 * Resolves once the browser has painted the next frame (a task queued from an animation frame runs after that
 * frame's paint). What the first screen does not show (the toaster, page tracking) waits for it, so its requests come
 * after the first screen's largest paint instead of racing it (docs/DESIGN.md §8, first paint). A tab opened in the
 * background paints nothing, so there it waits until the tab is first shown.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

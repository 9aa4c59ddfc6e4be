/**
 * index.html's loader for the app's entry chunk (docs/DESIGN.md §8, first paint). The build takes Vite's
 * `<script type="module">` out of index.html, leaves a `<link rel="modulepreload">` in its place, so the chunk still
 * downloads from the start, and writes `startAfterFirstPaint` in as an inline script at the end of <body>: it adds
 * the module script once the browser reports the first contentful paint (index.html's own first screen). Run before
 * that paint, the chunk's evaluation (React, the router, i18next) sits between the page's bytes and its first
 * screen: on a slow phone that is the difference between painting when the stylesheet arrives and painting once a
 * hundred kilobytes of script have run.
 *
 * A page that is not visible paints nothing, and a browser without paint timing reports nothing: there the app
 * starts at once, or after the next frame.
 *
 * The function is written into the page as its source text (Function.prototype.toString), so it must stand alone:
 * no imports, no names from outside its body, nothing the browsers the app supports lack.
 */
export function startAfterFirstPaint(entry: string): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  };
  if (document.visibilityState !== 'visible') return start();
  document.addEventListener('visibilitychange', start, { once: true });
  if (!(PerformanceObserver.supportedEntryTypes ?? []).includes('paint')) {
    // A task queued from an animation frame runs after that frame's paint.
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScript } from '../prerender-document';

/* docs/web.md, "Prerendered pages": the script at the end of a prerendered document starts the app after the first
 * paint, a few files per task (each preload starts a request: ~20 ms in one task for /login's 30 files on a desktop,
 * a long task on a phone). */
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the start script of a prerendered page', () => {
  it('adds the stylesheets, the preloads and then the entry after the paint, at most 4 per task', () => {
    const tasks: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: () => void) => tasks.push(run));
    vi.stubGlobal('setTimeout', (run: () => void) => tasks.push(run));
    const css = ['assets/index-a.css', 'assets/auth-b.css'];
    const js = Array.from({ length: 9 }, (_, i) => `assets/chunk-${i}.js`);
    new Function(startScript('/mchweb/', 'assets/index-c.js', js, css))();

    const addedPerTask: number[] = [];
    while (tasks.length) {
      const before = document.head.children.length;
      tasks.shift()!();
      addedPerTask.push(document.head.children.length - before);
    }
    // The animation frame's callback runs before the paint: it adds nothing itself.
    expect(addedPerTask[0]).toBe(0);
    expect(Math.max(...addedPerTask)).toBeLessThanOrEqual(4);
    const added = [...document.head.children].map((e) =>
      e instanceof HTMLScriptElement
        ? `script ${e.type} ${e.getAttribute('src')}`
        : `${e.getAttribute('rel')} ${e.getAttribute('href')}`,
    );
    expect(added).toEqual([
      ...css.map((f) => `stylesheet /mchweb/${f}`),
      ...js.map((f) => `modulepreload /mchweb/${f}`),
      'script module /mchweb/assets/index-c.js',
    ]);
  });
});

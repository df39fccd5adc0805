// @vitest-environment happy-dom
// afterFirstScreenDrawn: what waits for the first screen's data (the service worker's install,
// the realtime connection) waits for the spinner and the skeletons to go.
import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstScreenDrawn, nextTask } from './idle';

function settledFlag(p: Promise<void>) {
  const state = { settled: false };
  void p.then(() => (state.settled = true));
  return state;
}

async function tasks(n: number) {
  for (let i = 0; i < n; i++) await nextTask();
}

afterEach(() => document.body.replaceChildren());

describe('afterFirstScreenDrawn', () => {
  it('waits while #root shows a spinner, then a skeleton, and resolves once the data is drawn', async () => {
    document.body.innerHTML = '<div id="root"><div data-loading>Loading</div></div>';
    const root = document.getElementById('root')!;
    const state = settledFlag(afterFirstScreenDrawn());
    await tasks(5);
    expect(state.settled).toBe(false);
    root.innerHTML = '<main><h1>Properties</h1><div data-slot="skeleton"></div></main>';
    await tasks(5);
    expect(state.settled).toBe(false);
    root.innerHTML = '<main><h1>Properties</h1><ul><li>Villa Aurora</li></ul></main>';
    await expect.poll(() => state.settled).toBe(true);
  });

  it('resolves at once for a screen already drawn, and after the time limit for one left loading', async () => {
    document.body.innerHTML = '<div id="root"><form>Sign in</form></div>';
    await afterFirstScreenDrawn();
    document.body.innerHTML = '<div id="root"><div data-loading>Loading</div></div>';
    const state = settledFlag(afterFirstScreenDrawn(50));
    await tasks(2);
    expect(state.settled).toBe(false);
    await expect.poll(() => state.settled).toBe(true);
  });
});

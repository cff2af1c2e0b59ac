import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: what it waits for is module state, as in the app (one per page load).
async function load() {
  vi.resetModules();
  return import('@/lib/first-screen');
}

describe('afterFirstScreen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no requestIdleCallback: the module falls back to a short timeout.
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once when nothing watches for the first screen (tests, a screen already up)', async () => {
    const { afterFirstScreen } = await load();
    const task = vi.fn();
    afterFirstScreen(task);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits until the screen has settled and the browser is idle, then runs each task once', async () => {
    const { afterFirstScreen, watchFirstScreen } = await load();
    let settled = false;
    watchFirstScreen(() => settled);
    const task = vi.fn();
    afterFirstScreen(task);
    await vi.advanceTimersByTimeAsync(1000);
    expect(task).not.toHaveBeenCalled();

    settled = true;
    expect(task).not.toHaveBeenCalled(); // looked at on the next idle moment
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(6000);
    expect(task).toHaveBeenCalledTimes(1);
    // Asked for later: the screen is up, so at once.
    const late = vi.fn();
    afterFirstScreen(late);
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('does not run while the screen is not settled when the browser is idle', async () => {
    const { afterFirstScreen, watchFirstScreen } = await load();
    let settled = true;
    watchFirstScreen(() => settled);
    const task = vi.fn();
    afterFirstScreen(task);
    settled = false; // a request started before the browser was idle
    await vi.advanceTimersByTimeAsync(400);
    expect(task).not.toHaveBeenCalled();
    settled = true;
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the first tap or key press, and after 5 s at the latest', async () => {
    const first = await load();
    first.watchFirstScreen(() => false);
    const tapped = vi.fn();
    first.afterFirstScreen(tapped);
    window.dispatchEvent(new Event('pointerdown'));
    expect(tapped).toHaveBeenCalledTimes(1);

    const second = await load();
    second.watchFirstScreen(() => false);
    const waited = vi.fn();
    second.afterFirstScreen(waited);
    await vi.advanceTimersByTimeAsync(4999);
    expect(waited).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toHaveBeenCalledTimes(1);
  });

  it('a cancelled task never runs', async () => {
    const { afterFirstScreen, watchFirstScreen } = await load();
    watchFirstScreen(() => true);
    const task = vi.fn();
    const cancel = afterFirstScreen(task);
    cancel();
    await vi.advanceTimersByTimeAsync(6000);
    expect(task).not.toHaveBeenCalled();
  });
});

describe('nextTask', () => {
  it('resolves in a task of its own, after the work queued in this one', async () => {
    const { nextTask } = await load();
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('this task'));
    await next;
    expect(order).toEqual(['this task', 'next task']);
  });
});

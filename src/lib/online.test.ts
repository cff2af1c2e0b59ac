import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: the probe in flight is module state, as in the app.
async function load() {
  vi.resetModules();
  const [{ onlineManager }, online] = await Promise.all([
    import('@tanstack/react-query'),
    import('@/lib/online'),
  ]);
  onlineManager.setOnline(true);
  return { onlineManager, ...online };
}

describe('reportApiUnreachable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes offline at once and back online when the API answers a probe', async () => {
    const { onlineManager, reportApiUnreachable } = await load();
    const probe = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({});

    reportApiUnreachable(probe);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(probe).not.toHaveBeenCalled();

    // First probe after 3 s: no answer, so still offline; the next one waits twice as long.
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(5_999);
    expect(probe).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('keeps one probe going however many requests fail meanwhile', async () => {
    const { onlineManager, reportApiUnreachable } = await load();
    const probe = vi.fn().mockResolvedValue({});

    reportApiUnreachable(probe);
    reportApiUnreachable(probe);
    await vi.advanceTimersByTimeAsync(1_000);
    reportApiUnreachable(probe);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(onlineManager.isOnline()).toBe(true);

    // A later failure starts a new round.
    reportApiUnreachable(probe);
    expect(onlineManager.isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('stays offline after an answer when the browser itself has no network', async () => {
    const { onlineManager, reportApiUnreachable } = await load();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      reportApiUnreachable(vi.fn().mockResolvedValue({}));
      await vi.advanceTimersByTimeAsync(3_000);
      expect(onlineManager.isOnline()).toBe(false);
    } finally {
      onLine.mockRestore();
    }
  });
});

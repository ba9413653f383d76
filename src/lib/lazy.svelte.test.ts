import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, Lazy, whenIdle, yieldToMain } from './lazy.svelte';

describe('whenIdle: preloads in idle time, each piece in a task of its own', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.useRealTimers();
	});

	it('asks for one idle callback per piece, so no idle task grows long', () => {
		const callbacks: (() => void)[] = [];
		vi.stubGlobal('requestIdleCallback', (callback: () => void, options: { timeout: number }) => {
			expect(options.timeout).toBe(2000);
			callbacks.push(callback);
			return callbacks.length;
		});
		const ran: string[] = [];
		whenIdle(
			() => ran.push('a'),
			() => ran.push('b'),
			() => ran.push('c')
		);
		expect(callbacks).toHaveLength(3);
		expect(ran).toEqual([]);
		callbacks[1]!();
		expect(ran).toEqual(['b']);
		callbacks[0]!();
		callbacks[2]!();
		expect(ran).toEqual(['b', 'a', 'c']);
	});

	it('falls back to timers where the browser has no idle callbacks', () => {
		vi.stubGlobal('requestIdleCallback', undefined);
		vi.useFakeTimers();
		const ran: string[] = [];
		whenIdle(
			() => ran.push('a'),
			() => ran.push('b')
		);
		expect(ran).toEqual([]);
		vi.advanceTimersByTime(200);
		expect(ran).toEqual(['a', 'b']);
	});
});

describe('afterPaint: work for later waits until the first frame is painted', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
		vi.useRealTimers();
	});

	it('runs in a task after the animation frame (after its paint), never before the frame', () => {
		vi.useFakeTimers();
		const frames: (() => void)[] = [];
		vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
		const ran: string[] = [];
		afterPaint(() => ran.push('work'));
		vi.advanceTimersByTime(1000);
		expect(ran).toEqual([]);
		frames[0]!();
		expect(ran).toEqual([]);
		vi.advanceTimersByTime(0);
		expect(ran).toEqual(['work']);
	});

	/** A browser that reports paints: `paint()` reports the first contentful paint to every observer. */
	function paintTiming(painted: boolean) {
		const observers: { callback: PerformanceObserverCallback; watching: boolean }[] = [];
		const entries = () => (painted ? [{ name: 'first-contentful-paint' }] : []);
		class FakeObserver {
			static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
			readonly #self: { callback: PerformanceObserverCallback; watching: boolean };
			constructor(callback: PerformanceObserverCallback) {
				this.#self = { callback, watching: false };
				observers.push(this.#self);
			}
			observe() {
				this.#self.watching = true;
			}
			disconnect() {
				this.#self.watching = false;
			}
		}
		vi.stubGlobal('PerformanceObserver', FakeObserver);
		vi.stubGlobal('performance', {
			getEntriesByName: (name: string) => entries().filter((e) => e.name === name)
		});
		return {
			paint() {
				painted = true;
				const list = { getEntriesByName: (name: string) => entries().filter((e) => e.name === name) };
				for (const o of observers.filter((o) => o.watching)) {
					o.callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
				}
			},
			watching: () => observers.filter((o) => o.watching).length
		};
	}

	it('on a page that has shown nothing yet, waits for the reported first contentful paint, however many frames come first (issue 25 item 11)', () => {
		vi.useFakeTimers();
		const frames: (() => void)[] = [];
		vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
		const browser = paintTiming(false);
		const ran: string[] = [];
		afterPaint(() => ran.push('work'));
		// Frames drawn, not yet on the screen: the start page's rounds and the database still wait.
		for (const frame of frames.splice(0)) frame();
		vi.advanceTimersByTime(1000);
		expect(ran).toEqual([]);
		browser.paint();
		expect(ran).toEqual([]); // not inside the observer's callback: in a task of its own
		vi.advanceTimersByTime(0);
		expect(ran).toEqual(['work']);
		expect(browser.watching()).toBe(0);
		vi.advanceTimersByTime(10_000);
		expect(ran).toEqual(['work']);
	});

	it('does not wait for ever when no paint is reported (a tab loading hidden)', () => {
		vi.useFakeTimers();
		vi.stubGlobal('requestAnimationFrame', () => 0);
		const browser = paintTiming(false);
		const ran: string[] = [];
		afterPaint(() => ran.push('work'));
		vi.advanceTimersByTime(2999);
		expect(ran).toEqual([]);
		vi.advanceTimersByTime(2); // the wait's end, then the work's own task
		expect(ran).toEqual(['work']);
		expect(browser.watching()).toBe(0);
		browser.paint();
		vi.advanceTimersByTime(0);
		expect(ran).toEqual(['work']);
	});

	it('once the page has painted (a screen opened inside the app), waits for the next frame only', () => {
		vi.useFakeTimers();
		const frames: (() => void)[] = [];
		vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
		const browser = paintTiming(true);
		const ran: string[] = [];
		afterPaint(() => ran.push('work'));
		expect(browser.watching()).toBe(0);
		frames[0]!();
		vi.advanceTimersByTime(0);
		expect(ran).toEqual(['work']);
	});
});

describe('Lazy: a part loaded once, retried after a failure', () => {
	it('loads once and keeps the module', async () => {
		let imports = 0;
		const part = new Lazy(async () => ({ n: ++imports }));
		const [first, second] = await Promise.all([part.load(), part.load()]);
		expect(first).toBe(second);
		expect(imports).toBe(1);
		expect(part.module).toEqual({ n: 1 });
		expect(part.failed).toBe(false);
	});

	it('marks a failed load and tries again on the next call', async () => {
		let attempts = 0;
		const part = new Lazy(async () => {
			attempts++;
			if (attempts === 1) throw new Error('offline');
			return 'loaded';
		});
		await expect(part.load()).rejects.toThrow('offline');
		expect(part.failed).toBe(true);
		expect(part.module).toBeNull();
		await expect(part.load()).resolves.toBe('loaded');
		expect(part.failed).toBe(false);
		expect(attempts).toBe(2);
	});
});

describe('yieldToMain: the rest of the work goes on in a task of its own', () => {
	afterEach(() => vi.unstubAllGlobals());

	it('ends the current task: everything already queued as a microtask runs first', async () => {
		vi.stubGlobal('scheduler', undefined);
		const order: string[] = [];
		const yielded = yieldToMain().then(() => order.push('after the yield'));
		void Promise.resolve()
			.then(() => Promise.resolve())
			.then(() => Promise.resolve())
			.then(() => order.push('the current task'));
		await yielded;
		expect(order).toEqual(['the current task', 'after the yield']);
	});

	it("uses the browser's scheduler.yield() where there is one", async () => {
		const yieldFn = vi.fn(() => Promise.resolve());
		vi.stubGlobal('scheduler', { yield: yieldFn });
		await yieldToMain();
		expect(yieldFn).toHaveBeenCalledTimes(1);
	});
});

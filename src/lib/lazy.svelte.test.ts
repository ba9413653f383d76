import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint, Lazy, whenIdle } from './lazy.svelte';

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

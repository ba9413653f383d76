import { describe, expect, it } from 'vitest';
import { eventId, inLogOrder } from './sync-events';

describe('events in log order', () => {
	it('names an event by its device and sequence', () => {
		expect(eventId({ device: 'k3x9', seq: 12 })).toBe('k3x9:12');
	});

	it('orders one device’s events by sequence, whatever their times', () => {
		const events = [
			{ device: 'a', seq: 3, at: 100 },
			{ device: 'a', seq: 1, at: 300 },
			{ device: 'a', seq: 2, at: 200 }
		];
		expect(inLogOrder(events).map((e) => e.seq)).toEqual([1, 2, 3]);
		// A copy: what it was given stays as it was.
		expect(events.map((e) => e.seq)).toEqual([3, 1, 2]);
	});

	it('orders several devices’ events by time, at the same time by sequence', () => {
		const events = [
			{ device: 'b', seq: 9, at: 500 },
			{ device: 'a', seq: 4, at: 100 },
			{ device: 'b', seq: 2, at: 500 },
			{ device: 'c', seq: 1, at: 300 }
		];
		expect(inLogOrder(events).map((e) => `${e.device}${e.seq}`)).toEqual(['a4', 'c1', 'b2', 'b9']);
	});
});

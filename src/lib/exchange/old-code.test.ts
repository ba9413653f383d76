import { describe, expect, it } from 'vitest';
import { OLD_TABLE_CODE_MINUTES, oldTableCode } from './old-code';

const joinedAt = Date.UTC(2026, 10, 21, 11, 22);
const minutesBefore = (n: number) => joinedAt / 60_000 - n;

describe('oldTableCode', () => {
	it('says when a code more than half an hour old was made, and how long before it was read', () => {
		expect(oldTableCode({ issuedAt: minutesBefore(80), joinedAt })).toEqual({
			issued: new Date(Date.UTC(2026, 10, 21, 10, 2)),
			hours: 1,
			minutes: 20
		});
		expect(oldTableCode({ issuedAt: minutesBefore(OLD_TABLE_CODE_MINUTES + 1), joinedAt })).toMatchObject({
			hours: 0,
			minutes: 31
		});
	});
	it('counts whole minutes since the minute the code names: it warns only when it is surely over half an hour old', () => {
		// A code carries its minute only: made at 10:00, it was made between 10:00:00 and 10:00:59.
		const issuedAt = Date.UTC(2026, 10, 21, 10, 0) / 60_000;
		const readAt = (minutes: number, seconds: number) =>
			oldTableCode({ issuedAt, joinedAt: Date.UTC(2026, 10, 21, 10, minutes, seconds) });
		// Read at 10:30:59 it may be 29 minutes 59 seconds old: no warning.
		expect(readAt(30, 59)).toBeNull();
		// Read at 10:31:00 it is more than half an hour old, however late in 10:00 it was made.
		expect(readAt(31, 0)).toMatchObject({ hours: 0, minutes: 31 });
		// 1 hour 20 minutes and 59 seconds after 10:00: 1 hour 20 minutes, as the tablet says.
		expect(readAt(80, 59)).toMatchObject({ hours: 1, minutes: 20 });
	});

	it('warns nothing for a fresh code, a code from the future (clock skew) or one without a time (version 3)', () => {
		expect(oldTableCode({ issuedAt: minutesBefore(OLD_TABLE_CODE_MINUTES), joinedAt })).toBeNull();
		expect(oldTableCode({ issuedAt: minutesBefore(-120), joinedAt })).toBeNull();
		expect(oldTableCode({ joinedAt })).toBeNull();
	});
});

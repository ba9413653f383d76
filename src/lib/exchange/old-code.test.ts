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
	it('warns nothing for a fresh code, a code from the future (clock skew) or one without a time (version 3)', () => {
		expect(oldTableCode({ issuedAt: minutesBefore(OLD_TABLE_CODE_MINUTES), joinedAt })).toBeNull();
		expect(oldTableCode({ issuedAt: minutesBefore(-120), joinedAt })).toBeNull();
		expect(oldTableCode({ joinedAt })).toBeNull();
	});
});

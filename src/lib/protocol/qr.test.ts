import { describe, expect, it } from 'vitest';
import { encodeBase45 } from './base45';
import { ALPHANUMERIC_M, bytesFor, makeQr, qrPath, qrVersion, type QrMatrix } from './qr';

describe('QR sizes', () => {
	it('agrees with the encoder: each version holds exactly its capacity', async () => {
		const { default: qrcode } = await import('qrcode-generator');
		for (const [i, capacity] of ALPHANUMERIC_M.entries()) {
			if (i > 24) break;
			const version = (i + 1) as Parameters<typeof qrcode>[0];
			const fits = qrcode(version, 'M');
			fits.addData('A'.repeat(capacity), 'Alphanumeric');
			expect(() => fits.make()).not.toThrow();
			const over = qrcode(version, 'M');
			over.addData('A'.repeat(capacity + 1), 'Alphanumeric');
			expect(() => over.make()).toThrow();
		}
	});

	it('picks the smallest version and draws its modules', async () => {
		expect(qrVersion(311)).toBe(10);
		expect(qrVersion(312)).toBe(11);
		const matrix = await makeQr('HELLO 123', 10);
		expect(matrix.version).toBe(1);
		expect(matrix.size).toBe(21);
		expect(qrPath(matrix)).toMatch(/^M0 0h7v1h-7z/);
		await expect(makeQr('A'.repeat(312), 10)).rejects.toThrow(RangeError);
	});
});

describe('what a code of a version carries', () => {
	it('fits the most bytes whose Base45 text the version holds, and not one more (every version)', () => {
		for (const [i, capacity] of ALPHANUMERIC_M.entries()) {
			const bytes = bytesFor(i + 1);
			expect(encodeBase45(new Uint8Array(bytes)).length).toBeLessThanOrEqual(capacity);
			expect(encodeBase45(new Uint8Array(bytes + 1)).length).toBeGreaterThan(capacity);
		}
		// Version 10 (the largest code, MAX_SINGLE_VERSION): 311 characters, 207 bytes; there is no version 41.
		expect(bytesFor(10)).toBe(207);
		expect(bytesFor(41)).toBe(0);
	});

	it('has no version for more than version 40 holds', () => {
		expect(qrVersion(ALPHANUMERIC_M[39])).toBe(40);
		expect(qrVersion(ALPHANUMERIC_M[39] + 1)).toBeNull();
	});

	it('draws the largest version allowed in alphanumeric mode, and refuses a text beyond it plainly', async () => {
		// 311 characters fill version 10 in alphanumeric mode; in byte mode they would need version 13.
		const full = await makeQr('A'.repeat(311), 10);
		expect([full.version, full.size, full.dark.length]).toEqual([10, 57, 57 * 57]);
		await expect(makeQr('A'.repeat(312), 10)).rejects.toThrow(
			new RangeError('312 characters need more than QR version 10')
		);
		await expect(makeQr('A'.repeat(3392))).rejects.toThrow(
			new RangeError('3392 characters need more than QR version 40')
		);
	});

	it('draws every run of dark modules of a row as one rectangle, up to the row’s end', () => {
		const matrix = (rows: string[]): QrMatrix => ({
			version: 0,
			size: rows.length,
			dark: rows.flatMap((row) => [...row].map((module) => module === '#'))
		});
		expect(qrPath(matrix(['.##', '#.#', '###']))).toBe(
			'M1 0h2v1h-2z' + 'M0 1h1v1h-1z' + 'M2 1h1v1h-1z' + 'M0 2h3v1h-3z'
		);
		expect(qrPath(matrix(['#..', '.##', '##.']))).toBe('M0 0h1v1h-1z' + 'M1 1h2v1h-2z' + 'M0 2h2v1h-2z');
	});
});

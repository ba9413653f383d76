import { describe, expect, it } from 'vitest';
import { ALPHANUMERIC_M, makeQr, qrPath, qrVersion } from './qr';

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

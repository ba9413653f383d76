import { beforeEach, describe, expect, it, vi } from 'vitest';

// The WebAssembly itself runs in the e2e and engine camera tests; here: what the app asks of it, and when.
const wasm = vi.hoisted(() => ({
	prepareZXingModule: vi.fn((): Promise<unknown> => Promise.resolve({})),
	readBarcodes: vi.fn(
		(_pixels: { width: number; height: number; data: Uint8ClampedArray }, _options: object) =>
			Promise.resolve([] as { isValid: boolean; text: string }[])
	)
}));
vi.mock('zxing-wasm/reader', () => wasm);

beforeEach(() => {
	vi.resetModules();
	wasm.prepareZXingModule.mockReset().mockResolvedValue({});
	wasm.readBarcodes.mockReset().mockResolvedValue([]);
});

describe('prepareZxing', () => {
	it('has read one empty HD frame at its quick size when it resolves: the camera’s first frame is not the decoder’s first read', async () => {
		const { prepareZxing } = await import('./zxing');
		await prepareZxing();
		expect(wasm.readBarcodes).toHaveBeenCalledTimes(1);
		const [pixels] = wasm.readBarcodes.mock.calls[0]!;
		expect([pixels.width, pixels.height]).toEqual([640, 360]);
		expect(pixels.data).toHaveLength(640 * 360 * 4);
		// The decoder is prepared once, however often a screen asks (each "Kamera", each start).
		await prepareZxing();
		expect(wasm.prepareZXingModule).toHaveBeenCalledTimes(1);
		expect(wasm.readBarcodes).toHaveBeenCalledTimes(1);
	});

	it('tries again after a load that failed', async () => {
		wasm.prepareZXingModule.mockRejectedValueOnce(new Error('offline'));
		const { prepareZxing, readQr } = await import('./zxing');
		await expect(prepareZxing()).rejects.toThrow('offline');
		wasm.readBarcodes.mockResolvedValue([{ isValid: true, text: 'B1ABC' }]);
		const frame = { data: new Uint8ClampedArray(4), width: 1, height: 1 };
		await expect(readQr(frame)).resolves.toBe('B1ABC');
		expect(wasm.prepareZXingModule).toHaveBeenCalledTimes(2);
	});
});

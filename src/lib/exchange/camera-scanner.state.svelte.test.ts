import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	CAMERA_CONSTRAINTS,
	cameraRefusal,
	CameraScanner,
	HINT_AFTER_MS,
	NATIVE_FAILURES_BEFORE_FALLBACK
} from './camera-scanner.state.svelte';
import { FRAME_SIDES, SEQUENCE_FRAME_MS } from './cadence';

// ZXing (the decoder shipped with the app) reads whatever frame it is given as this text (jsdom runs no
// WebAssembly: the e2e and engine tests run the real one).
const zxing = vi.hoisted(() => ({
	prepareZxing: vi.fn(() => Promise.resolve()),
	readQr: vi.fn((_pixels: { width: number; height: number }): Promise<string | null> =>
		Promise.resolve('VON-ZXING')
	)
}));
vi.mock('./zxing', () => zxing);
const { readQr } = zxing;

/** A camera that grants access and a video element that has frames (jsdom plays no video). */
function camera(track = { stop: vi.fn() }, size = { width: 640, height: 480 }): HTMLVideoElement {
	vi.stubGlobal('isSecureContext', true);
	vi.stubGlobal('navigator', {
		...navigator,
		mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [track] })) }
	});
	const video = document.createElement('video');
	Object.defineProperties(video, {
		readyState: { value: 4 },
		videoWidth: { value: size.width },
		videoHeight: { value: size.height },
		play: { value: () => Promise.resolve() }
	});
	return video;
}

/** A BarcodeDetector as a browser may ship it. */
function detector(options: { formats?: string[]; detect: () => Promise<{ rawValue: string }[]> }) {
	const detect = vi.fn(options.detect);
	class BarcodeDetector {
		static getSupportedFormats = options.formats ? () => Promise.resolve(options.formats) : undefined;
		detect = detect;
	}
	vi.stubGlobal('BarcodeDetector', BarcodeDetector);
	return detect;
}

let scanner: CameraScanner;
beforeEach(() => {
	scanner = new CameraScanner();
	readQr.mockClear();
	readQr.mockImplementation(() => Promise.resolve('VON-ZXING'));
	// jsdom has no 2D canvas: one that hands ZXing an empty picture.
	vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
		drawImage: () => {},
		getImageData: (_x: number, _y: number, width: number, height: number) => ({
			data: new Uint8ClampedArray(width * height * 4),
			width,
			height
		})
	} as unknown as CanvasRenderingContext2D);
});
afterEach(() => {
	scanner.stop();
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('CameraScanner', () => {
	it('reads codes with the browser’s BarcodeDetector where it reads QR codes', async () => {
		const detect = detector({
			formats: ['ean_13', 'qr_code'],
			detect: () => Promise.resolve([{ rawValue: 'NATIV' }])
		});
		const texts: string[] = [];
		await scanner.start(camera(), (text) => void texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('NATIV'));
		expect(scanner.state).toBe('scanning');
		expect(scanner.decoder).toBe('native');
		expect(detect).toHaveBeenCalled();
		expect(readQr).not.toHaveBeenCalled();
	});

	it('falls back to the shipped decoder when the native detector fails frame after frame', async () => {
		const detect = detector({
			formats: ['qr_code'],
			detect: () => Promise.reject(new DOMException('x', 'NotSupportedError'))
		});
		const texts: string[] = [];
		await scanner.start(camera(), (text) => void texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-ZXING'), { timeout: 3000 });
		expect(scanner.decoder).toBe('zxing');
		expect(detect).toHaveBeenCalledTimes(NATIVE_FAILURES_BEFORE_FALLBACK);
		expect(scanner.state).toBe('scanning');
	});

	it('keeps the native detector when a frame now and then cannot be read', async () => {
		let call = 0;
		detector({
			formats: ['qr_code'],
			detect: () =>
				++call % 2 ? Promise.reject(new Error('frame not ready')) : Promise.resolve([{ rawValue: 'NATIV' }])
		});
		const texts: string[] = [];
		await scanner.start(camera(), (text) => void texts.push(text));
		await vi.waitFor(() => expect(call).toBeGreaterThan(2 * NATIVE_FAILURES_BEFORE_FALLBACK), {
			timeout: 3000
		});
		expect(scanner.decoder).toBe('native');
		expect(readQr).not.toHaveBeenCalled();
	});

	it('uses the shipped decoder from the start when the BarcodeDetector does not read QR codes', async () => {
		const detect = detector({ formats: ['ean_13', 'code_128'], detect: () => Promise.resolve([]) });
		const texts: string[] = [];
		await scanner.start(camera(), (text) => void texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-ZXING'));
		expect(scanner.decoder).toBe('zxing');
		expect(detect).not.toHaveBeenCalled();
	});

	it('uses the shipped decoder where there is no BarcodeDetector', async () => {
		const texts: string[] = [];
		await scanner.start(camera(), (text) => void texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-ZXING'));
		expect(scanner.decoder).toBe('zxing');
	});

	it('reads an HD frame at a quarter of its pixels first, and whole only when that finds no code', async () => {
		// ZXing finds the code only in the frame read whole (a code at a fifth of the frame).
		readQr.mockImplementation((pixels: { width: number }) =>
			Promise.resolve(pixels.width === 1280 ? 'KLEIN' : null)
		);
		const texts: string[] = [];
		await scanner.start(camera(undefined, { width: 1280, height: 720 }), (text) => void texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('KLEIN'));
		const sizes = readQr.mock.calls.map(([pixels]) => `${pixels.width}×${pixels.height}`);
		expect(sizes.slice(0, 2)).toEqual(['640×360', '1280×720']);
		expect(FRAME_SIDES).toEqual([640, 1280]);
		// A code the quick read finds: the frame is not read a second time.
		readQr.mockClear();
		readQr.mockImplementation(() => Promise.resolve('GROSS'));
		await vi.waitFor(() => expect(texts).toContain('GROSS'));
		expect(readQr.mock.calls.every(([pixels]) => pixels.width === 640)).toBe(true);
	});

	it('reads a frame no larger than the quick size once, as it is', async () => {
		readQr.mockImplementation(() => Promise.resolve(null));
		await scanner.start(camera(), () => {});
		await vi.waitFor(() => expect(readQr.mock.calls.length).toBeGreaterThanOrEqual(3));
		expect(readQr.mock.calls.every(([pixels]) => pixels.width === 640 && pixels.height === 480)).toBe(true);
	});

	/**
	 * A screen steps through `total` codes every SEQUENCE_FRAME_MS while the scanner reads them, each read
	 * taking `readMs` (fake time): the codes read in order, and those still missing.
	 */
	async function scanSequence(total: number, readMs: number) {
		const shown = () => Math.floor(performance.now() / SEQUENCE_FRAME_MS) % total;
		readQr.mockImplementation(() => {
			const code = `CODE-${shown()}`;
			return new Promise((done) => setTimeout(() => done(code), readMs));
		});
		const read: number[] = [];
		const missing = new Set(Array.from({ length: total }, (_, i) => i));
		await scanner.start(camera(), (text) => {
			const index = Number(text.slice(5));
			read.push(index);
			missing.delete(index);
			return { index, total, missing: [...missing] };
		});
		return { read, missing };
	}

	it('reads each code of a sequence once when a frame takes as long as a step and a half to read', async () => {
		// Reading a frame takes 240 ms. At its own pace (240 ms and a pause of 60) the scanner saw three
		// codes as 1, 2, 1, 2, … and never the third.
		vi.useFakeTimers();
		try {
			const { read, missing } = await scanSequence(3, 240);
			await vi.advanceTimersByTimeAsync(1500);
			expect(missing).toEqual(new Set());
			expect(read.slice(0, 3).sort()).toEqual([0, 1, 2]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('reads a two-code sequence’s second code one step after the first when a read takes nearly a step', async () => {
		// Reading a frame took 190 ms: with a pause of 20 ms after it, the next read missed the next step
		// and waited three (the second step shows the first code again): 600 ms instead of 200 (camera bench,
		// g table).
		vi.useFakeTimers();
		try {
			const { missing } = await scanSequence(2, 190);
			await vi.advanceTimersByTimeAsync(SEQUENCE_FRAME_MS + 190 + 10);
			expect(missing).toEqual(new Set());
		} finally {
			vi.useRealTimers();
		}
	});

	it('asks for the back camera in HD: the 640×480 a browser gives by default blurs a dense code', () => {
		expect(CAMERA_CONSTRAINTS.video).toMatchObject({
			facingMode: { ideal: 'environment' },
			width: { ideal: 1280 },
			height: { ideal: 720 }
		});
	});

	it('says what helps after a while without a read, and takes the hint back when a code is read', async () => {
		vi.useFakeTimers();
		try {
			let code: string | null = null;
			readQr.mockImplementation(() => Promise.resolve(code));
			const texts: string[] = [];
			await scanner.start(camera(), (text) => void texts.push(text));
			expect(scanner.state).toBe('scanning');
			await vi.advanceTimersByTimeAsync(HINT_AFTER_MS - 200);
			expect(scanner.stuck).toBe(false);
			await vi.advanceTimersByTimeAsync(400);
			expect(scanner.stuck).toBe(true);
			code = 'ENDLICH';
			await vi.advanceTimersByTimeAsync(200);
			expect(texts).toContain('ENDLICH');
			expect(scanner.stuck).toBe(false);
		} finally {
			vi.useRealTimers();
		}
	});

	it('gives the camera back on stop: its tracks end and the video lets go of the stream', async () => {
		const track = { stop: vi.fn() };
		const video = camera(track);
		await scanner.start(video, () => {});
		expect(video.srcObject).not.toBeNull();
		scanner.stop();
		expect(track.stop).toHaveBeenCalled();
		expect(video.srcObject).toBeNull();
		expect(scanner.state).toBe('idle');
	});
});

describe('cameraRefusal', () => {
	// Chromium and Firefox throw DOMExceptions; WebKit throws an OverconstrainedError of its own class.
	class OverconstrainedError extends Error {
		override name = 'OverconstrainedError';
	}
	it.each([
		[new DOMException('Permission denied', 'NotAllowedError'), 'denied'],
		[new DOMException('The object can not be found here.', 'NotFoundError'), 'no-camera'],
		[new OverconstrainedError('Invalid constraint'), 'no-camera'],
		[new DOMException('Failed to allocate videosource', 'NotReadableError'), 'busy'],
		[new DOMException('Starting videoinput failed', 'AbortError'), 'busy'],
		[new Error('something else'), 'failed'],
		['no error at all', 'failed']
	] as const)('%s → %s', (cause, state) => {
		expect(cameraRefusal(cause)).toBe(state);
	});
});

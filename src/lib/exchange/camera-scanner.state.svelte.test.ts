import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner, NATIVE_FAILURES_BEFORE_FALLBACK } from './camera-scanner.state.svelte';

// jsQR (the decoder shipped with the app) reads whatever frame it is given as this text.
const jsQR = vi.hoisted(() => vi.fn(() => ({ data: 'VON-JSQR' })));
vi.mock('jsqr', () => ({ default: jsQR }));

/** A camera that grants access and a video element that has frames (jsdom plays no video). */
function camera(): HTMLVideoElement {
	vi.stubGlobal('isSecureContext', true);
	const track = { stop: vi.fn() };
	vi.stubGlobal('navigator', {
		...navigator,
		mediaDevices: { getUserMedia: vi.fn(() => Promise.resolve({ getTracks: () => [track] })) }
	});
	const video = document.createElement('video');
	Object.defineProperties(video, {
		readyState: { value: 4 },
		videoWidth: { value: 640 },
		videoHeight: { value: 480 },
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
	jsQR.mockClear();
	// jsdom has no 2D canvas: one that hands jsQR an empty picture.
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
		await scanner.start(camera(), (text) => texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('NATIV'));
		expect(scanner.state).toBe('scanning');
		expect(scanner.decoder).toBe('native');
		expect(detect).toHaveBeenCalled();
		expect(jsQR).not.toHaveBeenCalled();
	});

	it('falls back to the shipped decoder when the native detector fails frame after frame', async () => {
		const detect = detector({
			formats: ['qr_code'],
			detect: () => Promise.reject(new DOMException('x', 'NotSupportedError'))
		});
		const texts: string[] = [];
		await scanner.start(camera(), (text) => texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-JSQR'), { timeout: 3000 });
		expect(scanner.decoder).toBe('jsqr');
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
		await scanner.start(camera(), (text) => texts.push(text));
		await vi.waitFor(() => expect(call).toBeGreaterThan(2 * NATIVE_FAILURES_BEFORE_FALLBACK), {
			timeout: 3000
		});
		expect(scanner.decoder).toBe('native');
		expect(jsQR).not.toHaveBeenCalled();
	});

	it('uses the shipped decoder from the start when the BarcodeDetector does not read QR codes', async () => {
		const detect = detector({ formats: ['ean_13', 'code_128'], detect: () => Promise.resolve([]) });
		const texts: string[] = [];
		await scanner.start(camera(), (text) => texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-JSQR'));
		expect(scanner.decoder).toBe('jsqr');
		expect(detect).not.toHaveBeenCalled();
	});

	it('uses the shipped decoder where there is no BarcodeDetector', async () => {
		const texts: string[] = [];
		await scanner.start(camera(), (text) => texts.push(text));
		await vi.waitFor(() => expect(texts).toContain('VON-JSQR'));
		expect(scanner.decoder).toBe('jsqr');
	});
});

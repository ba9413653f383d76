// ZXing-C++ compiled to WebAssembly (zxing-wasm, reader part only): the decoder the app ships for every
// browser without a QR-reading BarcodeDetector. This module is loaded only by the screens that scan, when
// they first need it; its .wasm is a file of the app's own build (precached by the service worker) —
// never the CDN address the package would otherwise fetch. Running it needs 'wasm-unsafe-eval' in the
// Content-Security-Policy's script-src (svelte.config.js).
import { prepareZXingModule, readBarcodes, type ReaderOptions } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { FRAME_SIDES } from './cadence';

/** Grey or colour pixels as a canvas gives them (RGBA, row by row). */
export interface Pixels {
	readonly data: Uint8ClampedArray;
	readonly width: number;
	readonly height: number;
}

let ready: Promise<unknown> | null = null;

/** The warm-up picture's size: an HD camera frame (16:9) at the size its first read draws it. */
const WARM_UP = { width: FRAME_SIDES[0], height: Math.round((FRAME_SIDES[0] * 9) / 16) } as const;

/**
 * Fetches and compiles the WebAssembly once, then reads one empty frame with it; rejects when it cannot be
 * loaded (the next call tries again). The empty read runs what every first read would pay for once
 * (the reader's memory grown to a frame's size, its functions compiled on first call), so the camera's
 * first frame is read at the pace of the others.
 */
export function prepareZxing(): Promise<unknown> {
	ready ??= prepareZXingModule({
		overrides: {
			locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path)
		},
		fireImmediately: true
	})
		.then(() => readBarcodes(emptyFrame(), FRAME))
		.catch((cause: unknown) => {
			ready = null;
			throw cause;
		});
	return ready;
}

/** A white frame: no code in it, read through to the end of the search for one. */
function emptyFrame(): ImageData {
	const data = new Uint8ClampedArray(WARM_UP.width * WARM_UP.height * 4).fill(255);
	return { data, width: WARM_UP.width, height: WARM_UP.height, colorSpace: 'srgb' } as ImageData;
}

/**
 * QR codes only, the first one found. A camera frame: dark modules on light (the app's codes), no turned
 * copies tried (ZXing finds a QR code at any angle by its finder patterns). A picture a person chose may be
 * a light-on-dark screenshot: both polarities.
 */
const FRAME: ReaderOptions = {
	formats: ['QRCode'],
	maxNumberOfSymbols: 1,
	tryRotate: false,
	tryInvert: false
};
const PICTURE: ReaderOptions = { ...FRAME, tryInvert: true };

/** The text of the QR code in the pixels, or null. */
export async function readQr(pixels: Pixels, options: { picture?: boolean } = {}): Promise<string | null> {
	await prepareZxing();
	const [found] = await readBarcodes(pixels as ImageData, options.picture ? PICTURE : FRAME);
	return found?.isValid ? found.text : null;
}

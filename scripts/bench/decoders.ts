// Which QR decoder reads what a hall's camera sees (issue 26): the same frames of the camera cases
// (tests/camera/cases.ts, made from the app's own code screens) through jsQR (what the app shipped before)
// and ZXing-C++ as WebAssembly (zxing-wasm, what it ships now), each the way the app feeds it — the frame
// drawn to a canvas of at most 800 (jsQR) pixels, or 640 and then 1280 (ZXing; ZXing at 1280 alone beside it). Node runs both in V8, as Chromium does.
// The native BarcodeDetector is asked for in Chromium: on Linux it has none.
//
// Run: npm run bench -- decoders   (informational: no budget; `--json` prints the figures as the last line)
import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { launchChromium } from '../../tests/e2e/browser';
import { CASES } from '../../tests/camera/cases';
import { frame, type Grey } from '../../tests/camera/scene';
import { filmCodeScreens, KINDS, type CodeScreens, type Variant } from '../../tests/camera/screens';
import { FRAME_SIDES } from '../../src/lib/exchange/cadence';
import { quantile, serveBuild } from '../bench-helpers';

/** Frames of each case and kind (new noise and jitter in each). */
const FRAMES = Number(process.env.WB_DECODER_FRAMES ?? 8);
const json = process.argv.includes('--json');

prepareZXingModule({
	overrides: {
		wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer as ArrayBuffer
	}
});

/** The frame as a canvas scaled to at most `maxSide` gives it: RGBA, each pixel the mean of its area. */
function drawn(grey: Grey, maxSide: number): { data: Uint8ClampedArray; width: number; height: number } {
	const scale = Math.min(1, maxSide / Math.max(grey.width, grey.height));
	const width = Math.round(grey.width * scale);
	const height = Math.round(grey.height * scale);
	const data = new Uint8ClampedArray(width * height * 4);
	for (let y = 0; y < height; y++) {
		const [y0, y1] = [
			Math.floor(y / scale),
			Math.max(Math.floor(y / scale) + 1, Math.floor((y + 1) / scale))
		];
		for (let x = 0; x < width; x++) {
			const [x0, x1] = [
				Math.floor(x / scale),
				Math.max(Math.floor(x / scale) + 1, Math.floor((x + 1) / scale))
			];
			let sum = 0;
			for (let yy = y0; yy < y1; yy++)
				for (let xx = x0; xx < x1; xx++) sum += grey.data[yy * grey.width + xx]!;
			const v = sum / ((y1 - y0) * (x1 - x0));
			data.set([v, v, v, 255], (y * width + x) * 4);
		}
	}
	return { data, width, height };
}

const DECODERS = {
	/** jsQR as the app used it: at most 800 px, dark on light only. */
	jsqr: (grey: Grey) => {
		const { data, width, height } = drawn(grey, 800);
		const started = performance.now();
		const text = jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
		return Promise.resolve({ text, ms: performance.now() - started });
	},
	/**
	 * ZXing as the app reads a frame (camera-scanner's FRAME_SIDES, zxing.ts's options: QR only, no inverted
	 * or turned copies): at 640 px first, at 1280 px when that finds no code.
	 */
	zxing: async (grey: Grey) => {
		let ms = 0;
		for (const side of FRAME_SIDES) {
			const found = await zxingAt(grey, side);
			ms += found.ms;
			if (found.text) return { text: found.text, ms };
		}
		return { text: null, ms };
	},
	/** ZXing at the whole 1280 px frame only (what the app did before it read a quarter of the pixels first). */
	'zxing-1280': (grey: Grey) => zxingAt(grey, 1280)
};

/** ZXing over the frame drawn at `side` px on its long side; the time is the decoder's. */
async function zxingAt(grey: Grey, side: number): Promise<{ text: string | null; ms: number }> {
	const pixels = drawn(grey, side);
	const started = performance.now();
	const [found] = await readBarcodes(pixels as ImageData, {
		formats: ['QRCode'],
		maxNumberOfSymbols: 1,
		tryRotate: false,
		tryInvert: false
	});
	return { text: found?.isValid ? found.text : null, ms: performance.now() - started };
}
type DecoderName = keyof typeof DECODERS;

const { baseURL, stop } = await serveBuild();
const figures: {
	case: string;
	kind: string;
	decoder: DecoderName;
	frames: number;
	read: number;
	medianMs: number;
}[] = [];
try {
	const browser = await launchChromium();
	const filmed = new Map<Variant, CodeScreens>();
	try {
		const page = await browser.newPage();
		await page.goto(baseURL);
		const native = await page.evaluate(async () => {
			const Native = (globalThis as { BarcodeDetector?: { getSupportedFormats(): Promise<string[]> } })
				.BarcodeDetector;
			return Native ? (await Native.getSupportedFormats()).join(', ') : null;
		});
		console.log(
			`Chromium ${browser.version()}: BarcodeDetector ${native === null ? 'none (Linux has no shape detection)' : `reads ${native}`}`
		);
		await page.close();
		for (const variant of ['usual', 'longest'] as const)
			filmed.set(variant, await filmCodeScreens(browser, baseURL, variant));
	} finally {
		await browser.close();
	}
	console.log(`${FRAMES} frames per case and kind; read = the right text; ms = median decode time per frame`);
	for (const cameraCase of CASES) {
		const screens = filmed.get(cameraCase.variant)!;
		for (const kind of KINDS) {
			const { screens: pictures, codes } = screens.kinds[kind];
			const line: string[] = [];
			for (const decoder of Object.keys(DECODERS) as DecoderName[]) {
				let read = 0;
				const times: number[] = [];
				for (let i = 0; i < FRAMES; i++) {
					const shown = i % pictures.length;
					const picture = pictures[shown]!;
					const { text, ms } = await DECODERS[decoder](
						frame(picture.picture, picture.codeWidth, cameraCase.scene, i)
					);
					times.push(ms);
					if (text === codes[shown]) read++;
				}
				const medianMs = Math.round(
					quantile(
						times.sort((a, b) => a - b),
						0.5
					)
				);
				figures.push({ case: cameraCase.name, kind, decoder, frames: FRAMES, read, medianMs });
				line.push(`${decoder} ${read}/${FRAMES} ${String(medianMs).padStart(4)} ms`);
			}
			console.log(`${cameraCase.name.padEnd(3)} ${kind.padEnd(9)} ${line.join('   ')}`);
		}
	}
	for (const screens of filmed.values()) screens.dispose();
} finally {
	stop();
}
for (const decoder of Object.keys(DECODERS) as DecoderName[]) {
	const mine = figures.filter((each) => each.decoder === decoder);
	const read = mine.reduce((sum, each) => sum + each.read, 0);
	const total = mine.reduce((sum, each) => sum + each.frames, 0);
	const times = mine.map((each) => each.medianMs).sort((a, b) => a - b);
	console.log(
		`${decoder}: ${read} of ${total} frames read (${Math.round((100 * read) / total)} %), median of the cases' medians ${quantile(times, 0.5)} ms`
	);
}
if (json) console.log(JSON.stringify({ decoders: figures }));

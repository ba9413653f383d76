import { FRAME_SIDES, nextSequenceRead, type SequencePlace } from './cadence';

/** Why the camera is not scanning, or that it is. */
export type CameraState =
	'idle' | 'starting' | 'scanning' | 'denied' | 'no-camera' | 'busy' | 'insecure' | 'failed';

interface Detector {
	detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorConstructor {
	new (options: { formats: string[] }): Detector;
	getSupportedFormats?: () => Promise<string[]>;
}

/** Which decoder reads the frames: the browser's BarcodeDetector, or ZXing (WebAssembly) shipped with the app. */
export type Decoder = 'native' | 'zxing';

/** Frames in a row that BarcodeDetector fails to read (its `detect` rejects) before ZXing takes over. */
export const NATIVE_FAILURES_BEFORE_FALLBACK = 5;
/** Scanning this long without reading any code, the screen says what helps (closer, steadier, brighter). */
export const HINT_AFTER_MS = 4000;
/** A chosen picture (a photo may have 12 million pixels) is read at up to this size. */
const PICTURE_SIDES = [1600] as const;
/** The pause between two frames read: the decoder takes 20–60 ms a frame, the rest of the time is the screen's. */
const FRAME_GAP_MS = 60;
/**
 * Within a sequence, the shortest pause before the next frame read (which falls on a code's step): a read
 * that ends this close to the next step still waits for it. With 20 ms, a first read of 180–200 ms (a
 * loaded page) missed the next step, and a two-code sequence's second code came 600 ms later, not 200.
 */
const SEQUENCE_GAP_MS = 4;

/** The camera the scanner asks for: the back camera, in HD (a browser's default 640×480 blurs dense codes). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
	video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
	audio: false
};

type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * What a refused `getUserMedia` means for the person holding the device, by the error's name: browsers
 * throw a DOMException (Chromium, Firefox) or an error of their own class (WebKit's OverconstrainedError).
 */
export function cameraRefusal(cause: unknown): 'denied' | 'no-camera' | 'busy' | 'failed' {
	const name = typeof cause === 'object' && cause !== null && 'name' in cause ? String(cause.name) : '';
	switch (name) {
		case 'NotAllowedError':
		case 'PermissionDeniedError':
		case 'SecurityError':
			return 'denied';
		// No camera at all, or none that can film at all what is asked (WebKit with no camera says this).
		case 'NotFoundError':
		case 'DevicesNotFoundError':
		case 'OverconstrainedError':
		case 'ConstraintNotSatisfiedError':
			return 'no-camera';
		// The camera is there but would not start: another app holds it (Firefox: AbortError).
		case 'NotReadableError':
		case 'TrackStartError':
		case 'AbortError':
			return 'busy';
		default:
			return 'failed';
	}
}

/** The browser's BarcodeDetector, if it has one that reads QR codes. */
async function nativeQrReader(): Promise<((picture: CanvasImageSource) => Promise<string | null>) | null> {
	const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
	if (!Native) return null;
	try {
		const formats = await Native.getSupportedFormats?.();
		if (formats && !formats.includes('qr_code')) return null;
		const detector = new Native({ formats: ['qr_code'] });
		return async (picture) => (await detector.detect(picture))[0]?.rawValue ?? null;
	} catch {
		// no QR support in this detector: ZXing reads instead
		return null;
	}
}

/**
 * ZXing (loaded on first use) over a picture drawn to a canvas at each of `sides` (pixels on the long side,
 * never enlarged) in turn, until a code is found. Rejects when the decoder cannot be loaded.
 */
async function zxingReader(
	sides: readonly number[],
	picture: boolean
): Promise<(source: CanvasImageSource, width: number, height: number) => Promise<string | null>> {
	const { prepareZxing, readQr } = await import('./zxing');
	await prepareZxing();
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d', { willReadFrequently: true });
	if (!context) throw new Error('no 2D canvas');
	return async (source, width, height) => {
		if (!width || !height) return null;
		let tried = 0;
		for (const side of sides) {
			const scale = Math.min(1, side / Math.max(width, height));
			// A frame smaller than this size was read whole already.
			if (scale * Math.max(width, height) <= tried) continue;
			tried = scale * Math.max(width, height);
			const begun = performance.now();
			canvas.width = Math.round(width * scale);
			canvas.height = Math.round(height * scale);
			context.drawImage(source, 0, 0, canvas.width, canvas.height);
			const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
			const drawn = performance.now();
			const text = await readQr(pixels, { picture });
			timed('zxing', begun, { side: canvas.width, drawMs: drawn - begun, found: text !== null });
			if (text) return text;
		}
		return null;
	};
}

const TIMINGS = ['stream', 'camera', 'decoder', 'frame', 'zxing', 'code', 'text'] as const;
/** Timings kept at most (a scan that runs for minutes): then the oldest go. */
const TIMINGS_KEPT = 2000;
let timings = 0;

/**
 * The scanner's own timings, in the page's performance timeline (`performance.getEntriesByType('measure')`,
 * named `scan:…`; the browser's developer tools show them): the camera bench reads them to tell where a
 * scan's time goes. A start forgets the last scan's.
 */
function timed(what: (typeof TIMINGS)[number], start: number, detail: object = {}): void {
	if (++timings > TIMINGS_KEPT) forgetTimings();
	performance.measure(`scan:${what}`, { start, detail });
}

function forgetTimings(): void {
	timings = 0;
	for (const what of TIMINGS) performance.clearMeasures(`scan:${what}`);
}

/** Starts fetching and compiling the decoder, so that it is ready when the camera is (a screen about to scan). */
export function prepareDecoder(): void {
	void import('./zxing').then(({ prepareZxing }) => prepareZxing()).catch(() => {});
}

/** What reading a code from an image file found. */
export type ImageReading =
	| { readonly found: 'code'; readonly text: string }
	| { readonly found: 'nothing' }
	/** The browser could not open the file as an image, or no decoder could be loaded. */
	| { readonly found: 'unreadable' };

/**
 * Reads a QR code from an image file (a photo or screenshot of a code) with the camera's decoders: the
 * browser's BarcodeDetector where it reads QR codes, else (or when it finds nothing) ZXing over the pixels.
 */
export async function readCodeImage(file: Blob): Promise<ImageReading> {
	let picture: ImageBitmap;
	try {
		picture = await createImageBitmap(file);
	} catch {
		return { found: 'unreadable' };
	}
	try {
		const native = await nativeQrReader();
		const text = native ? await native(picture).catch(() => null) : null;
		if (text) return { found: 'code', text };
		// A photo may be large and a screenshot light on dark: more pixels and both polarities than a frame.
		const zxing = await zxingReader(PICTURE_SIDES, true).catch(() => null);
		if (!zxing) return native ? { found: 'nothing' } : { found: 'unreadable' };
		const found = await zxing(picture, picture.width, picture.height);
		return found ? { found: 'code', text: found } : { found: 'nothing' };
	} finally {
		picture.close();
	}
}

/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it has one that reads QR codes,
 * otherwise ZXing (WebAssembly, shipped with the app, loaded only when needed) over video frames drawn to a
 * canvas. A BarcodeDetector whose `detect` keeps failing is replaced by ZXing after a few frames. Every
 * text read goes to `ontext`; the caller ignores repeats. When nothing is read for a while, `stuck` says so.
 */
export class CameraScanner {
	state = $state<CameraState>('idle');
	detail = $state('');
	decoder = $state<Decoder | null>(null);
	/** Scanning, and no code read for {@link HINT_AFTER_MS}: the screen says what helps. */
	stuck = $state(false);
	#stream: MediaStream | null = null;
	#video: HTMLVideoElement | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#hint: ReturnType<typeof setTimeout> | null = null;
	#running = false;
	/** Counts starts: a start that a stop (or a newer start) overtook gives its camera back at once. */
	#run = 0;

	/**
	 * Starts the camera and reads its frames. `ontext` gets every text read; where it answers with the
	 * code's place in a sequence, the next frame is read when the showing screen shows a code still missing
	 * ({@link nextSequenceRead}), else soon.
	 */
	async start(video: HTMLVideoElement, ontext: (text: string) => SequencePlace | null | void): Promise<void> {
		this.stop();
		const run = ++this.#run;
		if (typeof window !== 'undefined' && !window.isSecureContext) {
			this.state = 'insecure';
			return;
		}
		if (!navigator.mediaDevices?.getUserMedia) {
			this.state = 'no-camera';
			return;
		}
		this.state = 'starting';
		forgetTimings();
		const begun = performance.now();
		// The decoder loads while the camera starts.
		const reader = this.#nativeReader()
			.then((native) => native ?? this.#zxingReader())
			.then((read) => (timed('decoder', begun), read));
		reader.catch(() => {});
		let stream: MediaStream;
		try {
			stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
		} catch (cause) {
			if (run !== this.#run) return;
			this.state = cameraRefusal(cause);
			this.detail = cause instanceof Error || cause instanceof DOMException ? cause.message : String(cause);
			return;
		}
		timed('stream', begun);
		if (run !== this.#run) {
			for (const track of stream.getTracks()) track.stop();
			return;
		}
		this.#stream = stream;
		this.#video = video;
		// From the moment the camera films (the decoder may still be loading): the hint's clock runs.
		this.#waitForRead();
		video.srcObject = stream;
		video.muted = true;
		video.playsInline = true;
		try {
			await video.play();
		} catch {
			// autoplay refused: frames still arrive once the video is shown
		}
		timed('camera', begun);
		let read: FrameReader;
		try {
			read = await reader;
		} catch {
			if (run !== this.#run) return;
			this.detail = 'ZXing';
			this.state = 'failed';
			this.stop();
			return;
		}
		if (run !== this.#run) return;
		this.state = 'scanning';
		this.#running = true;
		let failures = 0;
		/** When the next read is due (a timer fires late when the page is busy). */
		let due = performance.now();
		const tick = async () => {
			if (!this.#running || run !== this.#run) return;
			const begun = performance.now();
			let place: SequencePlace | null | void = null;
			try {
				const text = video.readyState >= 2 ? await read(video) : null;
				timed('frame', begun, { found: text !== null, lateMs: begun - due });
				failures = 0;
				if (text && this.#running && run === this.#run) {
					timed('code', begun, { text });
					this.#waitForRead();
					const given = performance.now();
					place = ontext(text);
					timed('text', given, { place });
				}
			} catch {
				// A frame that cannot be read: try the next one. A native detector that fails frame after
				// frame (some browsers ship one that always rejects) gives way to ZXing.
				if (this.decoder === 'native' && ++failures >= NATIVE_FAILURES_BEFORE_FALLBACK) {
					try {
						read = await this.#zxingReader();
					} catch {
						this.detail = 'ZXing';
						this.state = 'failed';
						this.stop();
						return;
					}
				}
			}
			if (!this.#running || run !== this.#run) return;
			const spent = performance.now() - begun;
			const wait = place ? nextSequenceRead(place, spent + SEQUENCE_GAP_MS) - spent : FRAME_GAP_MS;
			due = performance.now() + wait;
			this.#timer = setTimeout(() => void tick(), wait);
		};
		void tick();
	}

	/** A code was read (or scanning began): the hint waits another {@link HINT_AFTER_MS}. */
	#waitForRead(): void {
		this.stuck = false;
		if (this.#hint) clearTimeout(this.#hint);
		const run = this.#run;
		this.#hint = setTimeout(() => {
			if (run === this.#run) this.stuck = true;
		}, HINT_AFTER_MS);
	}

	/** The browser's BarcodeDetector, if it has one that reads QR codes. */
	async #nativeReader(): Promise<FrameReader | null> {
		const read = await nativeQrReader();
		if (!read) return null;
		this.decoder = 'native';
		return (video) => read(video);
	}

	/** ZXing over frames drawn to a canvas. */
	async #zxingReader(): Promise<FrameReader> {
		const read = await zxingReader(FRAME_SIDES, false);
		this.decoder = 'zxing';
		return (video) => read(video, video.videoWidth, video.videoHeight);
	}

	/** Stops scanning and gives the camera back (its light goes off). */
	stop(): void {
		this.#run++;
		this.#running = false;
		this.stuck = false;
		if (this.#timer) clearTimeout(this.#timer);
		if (this.#hint) clearTimeout(this.#hint);
		this.#timer = null;
		this.#hint = null;
		for (const track of this.#stream?.getTracks() ?? []) track.stop();
		this.#stream = null;
		if (this.#video) this.#video.srcObject = null;
		this.#video = null;
		if (this.state === 'scanning' || this.state === 'starting') this.state = 'idle';
	}
}

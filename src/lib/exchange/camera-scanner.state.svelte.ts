/** Why the camera is not scanning, or that it is. */
export type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'no-camera' | 'insecure' | 'failed';

interface Detector {
	detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorConstructor {
	new (options: { formats: string[] }): Detector;
	getSupportedFormats?: () => Promise<string[]>;
}

/** Which decoder reads the frames: the browser's BarcodeDetector, or jsQR shipped with the app. */
export type Decoder = 'native' | 'jsqr';

/** Frames in a row that BarcodeDetector fails to read (its `detect` rejects) before jsQR takes over. */
export const NATIVE_FAILURES_BEFORE_FALLBACK = 5;

type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;
/** Reads the QR code in a picture (a video frame, a photo), or says there is none (null). */
type PictureReader = (picture: CanvasImageSource, width: number, height: number) => Promise<string | null>;

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
		// no QR support in this detector: jsQR reads instead
		return null;
	}
}

/**
 * jsQR (shipped with the app, loaded on first use) over the picture drawn to a canvas, scaled down to at
 * most `maxSide` pixels. Rejects when jsQR cannot be loaded.
 */
async function jsqrImageReader(
	maxSide: number,
	inversionAttempts: 'dontInvert' | 'attemptBoth'
): Promise<PictureReader | null> {
	const { default: jsQR } = await import('jsqr');
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d', { willReadFrequently: true });
	if (!context) return null;
	return async (picture, width, height) => {
		const scale = Math.min(1, maxSide / Math.max(width, height, 1));
		canvas.width = Math.round(width * scale);
		canvas.height = Math.round(height * scale);
		context.drawImage(picture, 0, 0, canvas.width, canvas.height);
		const image = context.getImageData(0, 0, canvas.width, canvas.height);
		return jsQR(image.data, image.width, image.height, { inversionAttempts })?.data ?? null;
	};
}

/** What reading a code from an image file found. */
export type ImageReading =
	| { readonly found: 'code'; readonly text: string }
	| { readonly found: 'nothing' }
	/** The browser could not open the file as an image, or no decoder could be loaded. */
	| { readonly found: 'unreadable' };

/**
 * Reads a QR code from an image file (a photo or screenshot of a code) with the camera's decoders: the
 * browser's BarcodeDetector where it reads QR codes, else (or when it finds nothing) jsQR over the pixels.
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
		const jsqr = await jsqrImageReader(1600, 'attemptBoth').catch(() => null);
		if (!jsqr) return native ? { found: 'nothing' } : { found: 'unreadable' };
		const found = await jsqr(picture, picture.width, picture.height);
		return found ? { found: 'code', text: found } : { found: 'nothing' };
	} finally {
		picture.close();
	}
}

/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it has one that reads QR codes,
 * otherwise jsQR (shipped with the app, loaded only when needed) over video frames drawn to a canvas.
 * A BarcodeDetector whose `detect` keeps failing is replaced by jsQR after a few frames. Every text read
 * goes to `ontext`; the caller ignores repeats.
 */
export class CameraScanner {
	state = $state<CameraState>('idle');
	detail = $state('');
	decoder = $state<Decoder | null>(null);
	#stream: MediaStream | null = null;
	#timer: ReturnType<typeof setTimeout> | null = null;
	#running = false;

	async start(video: HTMLVideoElement, ontext: (text: string) => void): Promise<void> {
		this.stop();
		if (typeof window !== 'undefined' && !window.isSecureContext) {
			this.state = 'insecure';
			return;
		}
		if (!navigator.mediaDevices?.getUserMedia) {
			this.state = 'no-camera';
			return;
		}
		this.state = 'starting';
		try {
			this.#stream = await navigator.mediaDevices.getUserMedia({
				video: { facingMode: { ideal: 'environment' } },
				audio: false
			});
		} catch (cause) {
			const name = cause instanceof DOMException ? cause.name : '';
			this.state =
				name === 'NotAllowedError' || name === 'SecurityError'
					? 'denied'
					: name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError'
						? 'no-camera'
						: 'failed';
			this.detail = String(cause);
			return;
		}
		video.srcObject = this.#stream;
		video.muted = true;
		video.playsInline = true;
		try {
			await video.play();
		} catch {
			// autoplay refused: frames still arrive once the video is shown
		}
		const first = (await this.#nativeReader()) ?? (await this.#jsqrReader());
		if (!first) {
			this.state = 'failed';
			this.stop();
			return;
		}
		let read: FrameReader = first;
		this.state = 'scanning';
		this.#running = true;
		let failures = 0;
		const tick = async () => {
			if (!this.#running) return;
			try {
				const text = video.readyState >= 2 ? await read(video) : null;
				failures = 0;
				if (text) ontext(text);
			} catch {
				// A frame that cannot be read: try the next one. A native detector that fails frame after
				// frame (some browsers ship one that always rejects) gives way to jsQR.
				if (this.decoder === 'native' && ++failures >= NATIVE_FAILURES_BEFORE_FALLBACK) {
					const fallback = await this.#jsqrReader();
					if (!fallback) {
						this.state = 'failed';
						this.stop();
						return;
					}
					read = fallback;
				}
			}
			if (this.#running) this.#timer = setTimeout(() => void tick(), 120);
		};
		void tick();
	}

	/** The browser's BarcodeDetector, if it has one that reads QR codes. */
	async #nativeReader(): Promise<FrameReader | null> {
		const read = await nativeQrReader();
		if (!read) return null;
		this.decoder = 'native';
		return (video) => read(video);
	}

	/** jsQR over frames drawn to a canvas. */
	async #jsqrReader(): Promise<FrameReader | null> {
		try {
			const read = await jsqrImageReader(800, 'dontInvert');
			if (!read) return null;
			this.decoder = 'jsqr';
			return (video) => read(video, video.videoWidth, video.videoHeight);
		} catch {
			this.detail = 'jsQR';
			return null;
		}
	}

	stop(): void {
		this.#running = false;
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
		for (const track of this.#stream?.getTracks() ?? []) track.stop();
		this.#stream = null;
		if (this.state === 'scanning' || this.state === 'starting') this.state = 'idle';
	}
}

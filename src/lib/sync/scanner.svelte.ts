/** Why the camera is not scanning, or that it is. */
export type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'no-camera' | 'insecure' | 'failed';

interface Detector {
	detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it has one, otherwise jsQR (shipped
 * with the app, loaded only when needed) over video frames drawn to a canvas. Every text read goes to
 * `ontext`; the caller ignores repeats.
 */
export class CameraScanner {
	state = $state<CameraState>('idle');
	detail = $state('');
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
		const read = await this.#reader();
		if (!read) {
			this.state = 'failed';
			this.stop();
			return;
		}
		this.state = 'scanning';
		this.#running = true;
		const tick = async () => {
			if (!this.#running) return;
			try {
				const text = video.readyState >= 2 ? await read(video) : null;
				if (text) ontext(text);
			} catch {
				// a frame that cannot be read: try the next one
			}
			if (this.#running) this.#timer = setTimeout(() => void tick(), 120);
		};
		void tick();
	}

	/** The frame reader: BarcodeDetector, or jsQR on a canvas. */
	async #reader(): Promise<((video: HTMLVideoElement) => Promise<string | null>) | null> {
		const Native = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
		if (Native) {
			try {
				const detector = new Native({ formats: ['qr_code'] });
				return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
			} catch {
				// no QR support in this detector: fall back to jsQR
			}
		}
		try {
			const { default: jsQR } = await import('jsqr');
			const canvas = document.createElement('canvas');
			const context = canvas.getContext('2d', { willReadFrequently: true });
			if (!context) return null;
			return async (video) => {
				const scale = Math.min(1, 800 / Math.max(video.videoWidth, 1));
				canvas.width = Math.round(video.videoWidth * scale);
				canvas.height = Math.round(video.videoHeight * scale);
				context.drawImage(video, 0, 0, canvas.width, canvas.height);
				const image = context.getImageData(0, 0, canvas.width, canvas.height);
				return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
			};
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

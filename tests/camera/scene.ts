// What a hall's camera sees of a code on a tablet's or the desk's screen, frame by frame: the screen's
// picture (a screenshot of the app's own code screen) placed in a 1280×720 frame at a scale, tilted,
// dimmed, with a lamp's glare on it, blurred (a hand that moves, a camera that focuses late) and with
// sensor noise that differs from frame to frame. Frames are luminance only (what a QR decoder reads).
import { PNG } from 'pngjs';

export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;

/** A grey picture, one byte a pixel, row by row. */
export interface Grey {
	readonly width: number;
	readonly height: number;
	readonly data: Uint8Array;
}

/** How the camera sees the screen in one case. */
export interface Scene {
	/** The code's width (quiet zone included) as a share of the frame's width. */
	readonly scale: number;
	/** Turned in the picture's plane, degrees; the far edge of the screen also shorter (perspective). */
	readonly tilt: number;
	/** Gaussian blur over the whole frame, σ in pixels of the frame. */
	readonly blur: number;
	/** Sensor noise, σ in grey levels (0–255), new in every frame. */
	readonly noise: number;
	/** The screen's brightness: 1 as bright as it goes, less when dimmed. */
	readonly brightness: number;
	/** A lamp's reflection on the screen: its peak in grey levels added, 0 for none. */
	readonly glare: number;
}

/** A picture that the camera does not move: each frame only new noise and a hand's small jitter. */
export const STILL: Scene = { scale: 0.5, tilt: 0, blur: 0, noise: 0, brightness: 1, glare: 0 };

/** A PNG (a screenshot) as grey levels (Rec. 601 luma). */
export function greyOf(png: Buffer): Grey {
	const image = PNG.sync.read(png);
	const data = new Uint8Array(image.width * image.height);
	for (let i = 0; i < data.length; i++) {
		const [r, g, b] = [image.data[4 * i]!, image.data[4 * i + 1]!, image.data[4 * i + 2]!];
		data[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
	}
	return { width: image.width, height: image.height, data };
}

/** A grey picture as an RGBA PNG (for a canvas in a page). */
export function pngOf(grey: Grey): Buffer {
	const png = new PNG({ width: grey.width, height: grey.height });
	for (let i = 0; i < grey.data.length; i++)
		png.data.set([grey.data[i]!, grey.data[i]!, grey.data[i]!, 255], 4 * i);
	return PNG.sync.write(png);
}

/** A small deterministic generator (mulberry32): the same case gives the same frames on every run. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A standard normal number (Box–Muller). */
function normal(next: () => number): number {
	return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/**
 * One camera frame of `screen` (the screenshot around the code; `codeWidth` its width in the screenshot's
 * pixels), for frame number `index` of the case (its noise and jitter).
 */
export function frame(screen: Grey, codeWidth: number, scene: Scene, index: number, seed = 1): Grey {
	const next = random(seed * 7919 + index * 104729);
	const out = new Uint8Array(FRAME_WIDTH * FRAME_HEIGHT);
	// The room behind the screen: a table top, darker towards the edges.
	for (let y = 0; y < FRAME_HEIGHT; y++) {
		for (let x = 0; x < FRAME_WIDTH; x++) {
			const dx = (x - FRAME_WIDTH / 2) / FRAME_WIDTH;
			const dy = (y - FRAME_HEIGHT / 2) / FRAME_HEIGHT;
			out[y * FRAME_WIDTH + x] = Math.round(95 - 90 * (dx * dx + dy * dy));
		}
	}
	// Where the screen lies: scaled, turned, the far (upper) edge shorter, moved a little by the hand.
	const zoom = (scene.scale * FRAME_WIDTH) / codeWidth;
	const angle = (scene.tilt * Math.PI) / 180;
	const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
	const keystone = Math.min(0.5, Math.abs(scene.tilt) / 100);
	const centreX = FRAME_WIDTH / 2 + (next() - 0.5) * 4;
	const centreY = FRAME_HEIGHT / 2 + (next() - 0.5) * 4;
	const bezel = 14 / zoom;
	const [halfW, halfH] = [screen.width / 2, screen.height / 2];
	const glareX = screen.width * 0.68;
	const glareY = screen.height * 0.3;
	const glareR = Math.max(screen.width, screen.height) * 0.22;
	for (let y = 0; y < FRAME_HEIGHT; y++) {
		for (let x = 0; x < FRAME_WIDTH; x++) {
			// Back from the frame into the screen: undo the turn, then the perspective, then the zoom.
			const fx = x - centreX;
			const fy = y - centreY;
			const rx = cos * fx + sin * fy;
			const ry = -sin * fx + cos * fy;
			const v = ry / zoom;
			const shrink = 1 - keystone * (0.5 - (v + halfH) / (2 * halfH));
			const u = rx / zoom / shrink;
			const sx = u + halfW;
			const sy = v + halfH;
			if (sx < -bezel || sy < -bezel || sx >= screen.width + bezel || sy >= screen.height + bezel) continue;
			let shade: number;
			if (sx < 0 || sy < 0 || sx > screen.width - 1 || sy > screen.height - 1) {
				shade = 22; // the tablet's dark frame around its screen
			} else {
				shade = bilinear(screen, sx, sy) * scene.brightness;
				if (scene.glare > 0) {
					const d2 = ((sx - glareX) ** 2 + (sy - glareY) ** 2) / (glareR * glareR);
					shade += scene.glare * Math.exp(-d2);
				}
			}
			out[y * FRAME_WIDTH + x] = clamp(shade);
		}
	}
	const blurred = scene.blur > 0 ? gaussianBlur(out, FRAME_WIDTH, FRAME_HEIGHT, scene.blur) : out;
	if (scene.noise > 0) {
		for (let i = 0; i < blurred.length; i++) blurred[i] = clamp(blurred[i]! + scene.noise * normal(next));
	}
	return { width: FRAME_WIDTH, height: FRAME_HEIGHT, data: blurred };
}

function clamp(value: number): number {
	return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}

function bilinear(picture: Grey, x: number, y: number): number {
	const x0 = Math.floor(x);
	const y0 = Math.floor(y);
	const x1 = Math.min(x0 + 1, picture.width - 1);
	const y1 = Math.min(y0 + 1, picture.height - 1);
	const [ax, ay] = [x - x0, y - y0];
	const at = (px: number, py: number) => picture.data[py * picture.width + px]!;
	const top = at(x0, y0) * (1 - ax) + at(x1, y0) * ax;
	const bottom = at(x0, y1) * (1 - ax) + at(x1, y1) * ax;
	return top * (1 - ay) + bottom * ay;
}

/** A separable Gaussian blur of σ pixels. */
export function gaussianBlur(data: Uint8Array, width: number, height: number, sigma: number): Uint8Array {
	const radius = Math.ceil(3 * sigma);
	const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) =>
		Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma))
	);
	const sum = kernel.reduce((a, b) => a + b, 0);
	for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
	const across = new Float32Array(width * height);
	for (let y = 0; y < height; y++) {
		const row = y * width;
		for (let x = 0; x < width; x++) {
			let value = 0;
			for (let k = -radius; k <= radius; k++) {
				const xx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
				value += data[row + xx]! * kernel[k + radius]!;
			}
			across[row + x] = value;
		}
	}
	const out = new Uint8Array(width * height);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			let value = 0;
			for (let k = -radius; k <= radius; k++) {
				const yy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
				value += across[yy * width + x]! * kernel[k + radius]!;
			}
			out[y * width + x] = clamp(value);
		}
	}
	return out;
}

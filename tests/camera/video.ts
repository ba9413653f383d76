// A camera's video of a code screen, as Chromium's fake camera plays it (`--use-file-for-fake-video-capture`):
// YUV4MPEG2 (y4m), 4:2:0, grey (flat chroma), looped by Chromium at the frame rate its header names.
import { openSync, writeSync, closeSync } from 'node:fs';
import { SEQUENCE_FRAME_MS } from '../../src/lib/exchange/cadence';
import { frame, type Grey, type Scene } from './scene';

/** Frames a second of the videos. */
export const FPS = 10;
/** How long a screen shows one code of a sequence, in frames (CodeSequence.svelte steps as often). */
export const FRAMES_PER_CODE = Math.round((SEQUENCE_FRAME_MS * FPS) / 1000);
/** A still code is filmed this many frames (new noise and jitter in each) before the video loops. */
export const STILL_FRAMES = 10;

/** One code screen as the camera films it: the screenshot, and the width of the code in it. */
export interface CodeScreen {
	readonly picture: Grey;
	readonly codeWidth: number;
}

/** The frames of a video of `screens` (one code, or the codes of a sequence in the order the screen steps). */
export function* videoFrames(screens: readonly CodeScreen[], scene: Scene, seed = 1): Generator<Grey> {
	const each = screens.length > 1 ? FRAMES_PER_CODE : STILL_FRAMES;
	let index = 0;
	for (const screen of screens) {
		for (let i = 0; i < each; i++) yield frame(screen.picture, screen.codeWidth, scene, index++, seed);
	}
}

/** Writes frames (all of one size) to a y4m file. */
export function writeY4m(path: string, frames: Iterable<Grey>): void {
	const file = openSync(path, 'w');
	try {
		let header = false;
		for (const picture of frames) {
			const { width, height } = picture;
			if (!header) {
				writeSync(file, `YUV4MPEG2 W${width} H${height} F${FPS}:1 Ip A1:1 C420jpeg\n`);
				header = true;
			}
			writeSync(file, 'FRAME\n');
			writeSync(file, picture.data);
			writeSync(file, new Uint8Array((width / 2) * (height / 2) * 2).fill(128));
		}
	} finally {
		closeSync(file);
	}
}

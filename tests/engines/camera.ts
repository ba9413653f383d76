import assert from 'node:assert/strict';
import { cameraCase } from '../camera/cases';
import { greyOf, pngOf, type Scene } from '../camera/scene';
import { videoFrames } from '../camera/video';
import { codePng, TABLE_CODE_JOINED, tableCodes } from '../e2e/pages/codePicture';
import { GUARD_SIZES } from '../e2e/pages/guard';
import { HALL_NAMES } from '../e2e/pages/tournamentFiles';
import { Screen } from './pages/Screen';
import { shots, type EngineTest } from './suite';

// Issue 26 in WebKit and Firefox: their mock cameras show only a test pattern, so the page's camera becomes
// a canvas stream (captureStream) fed with frames of a table code held in front of it. The code is the one
// the desk makes (the app's payload, signature and QR modules, three players with a hall's names: a sequence
// of two codes, as the desk's screen steps through them); the desk's screen itself is filmed in Chromium's camera
// tests (tests/e2e/camera.test.ts). Filming it here too cost this suite 20–50 s of Chromium per run.

/**
 * The first `count` frames the camera makes of each code of the table code in `scene`, as PNG data URLs, in
 * the order the desk's screen steps through them (three hall names make the code a sequence of two).
 */
async function tableCodeFrames(scene: Scene, count: number): Promise<string[]> {
	const urls: string[] = [];
	for (const code of await tableCodes(HALL_NAMES.slice(0, 3))) {
		const picture = greyOf(await codePng(code));
		// No noise (PNGs stay small); only the frames sent are made: each takes 0.3–5 s of node on a busy machine.
		let made = 0;
		for (const frame of videoFrames([{ picture, codeWidth: picture.width }], { ...scene, noise: 0 })) {
			urls.push(`data:image/png;base64,${pngOf(frame).toString('base64')}`);
			if (++made === count) break;
		}
	}
	return urls;
}

const made = new Map<string, Promise<string[]>>();
/** {@link tableCodeFrames}, made once for the whole suite (both engines, both tries). */
function framesOf(scene: Scene, count: number): Promise<string[]> {
	const key = JSON.stringify([scene, count]);
	if (!made.has(key)) made.set(key, tableCodeFrames(scene, count));
	return made.get(key)!;
}

/**
 * In the page: the camera films these frames (loaded once, before any tap) at 10 a second; its tracks are
 * kept to see whether they end.
 */
async function frameCamera(urls: string[]): Promise<void> {
	const tracks: MediaStreamTrack[] = [];
	Object.assign(window, { __cameraTracks: tracks });
	const images = await Promise.all(
		urls.map(
			(url) =>
				new Promise<HTMLImageElement>((resolve, reject) => {
					const image = new Image();
					image.onload = () => resolve(image);
					image.onerror = () => reject(new Error('a frame did not load'));
					image.src = url;
				})
		)
	);
	const film = (): Promise<MediaStream> => {
		const canvas = Object.assign(document.createElement('canvas'), { width: 1280, height: 720 });
		const context = canvas.getContext('2d')!;
		const stream = canvas.captureStream(10);
		let shown = 0;
		const draw = () => {
			// The camera stops filming once the app gives it back.
			if (stream.getTracks().every((track) => track.readyState === 'ended')) clearInterval(timer);
			else context.drawImage(images[shown++ % images.length]!, 0, 0);
		};
		const timer = setInterval(draw, 100);
		draw();
		tracks.push(...stream.getTracks());
		return Promise.resolve(stream);
	};
	// On the prototype, not on `navigator.mediaDevices`: WebKit's garbage collector drops the object's JS
	// wrapper, and the new one lacks what was set on the old; the page then asked WebKit's own camera (none
	// under xvfb: „keine nutzbare Kamera“) and the test waited for a join that could not come.
	MediaDevices.prototype.getUserMedia = film;
}

const filmed = () => (window as unknown as { __cameraTracks: MediaStreamTrack[] }).__cameraTracks.length;
const liveTracks = () =>
	(window as unknown as { __cameraTracks: MediaStreamTrack[] }).__cameraTracks.filter(
		(track) => track.readyState === 'live'
	).length;

export const cameraTests: EngineTest[] = [
	{
		name: 'a tablet joins its table through the camera (ZXing in WebAssembly), then gives the camera back',
		async run({ engine, baseURL }) {
			// Two frames, the hand's jitter different in each: a camera, not a still picture.
			const frames = await framesOf(cameraCase('c1').scene, 2);
			const tablet = new Screen(await engine.tab());
			await tablet.tab.goto(`${baseURL}/tisch`);
			await tablet.find('heading', 'Tisch');
			await tablet.tab.run(frameCamera, frames);
			await tablet.tap('button', 'Kamera');
			await tablet.tap('button', 'Kamera starten');
			await tablet.until(async () => (await tablet.tab.run(filmed)) > 0, 'the test camera asked for');
			await tablet.waitText(TABLE_CODE_JOINED);
			await tablet.until(async () => (await tablet.tab.run(liveTracks)) === 0, 'the camera given back');
			assert.equal(await tablet.has('button', 'Kamera aus'), false);
			await shots(tablet.tab, engine.name, 'camera-joined');
		}
	},
	{
		name: 'a camera that does not start is explained plainly',
		async run({ engine, baseURL }) {
			const tablet = new Screen(await engine.tab());
			await tablet.tab.goto(`${baseURL}/tisch`);
			await tablet.find('heading', 'Tisch');
			// The engine's own camera (none here, or refused): one of the clear messages, never the raw error.
			await tablet.tap('button', 'Kamera');
			await tablet.tap('button', 'Kamera starten');
			await tablet.until(
				async () => /keine nutzbare Kamera|nicht erlaubt|andere App/.test(await tablet.text('main')),
				'a clear camera message'
			);
			assert.doesNotMatch(await tablet.text('main'), /ließ sich nicht starten \(/);
			await shots(tablet.tab, engine.name, 'camera-refused');
		}
	},
	{
		name: 'the camera: live view, what the scanner says and „Kamera aus“ in view on a tablet and a phone',
		async run({ engine, baseURL }) {
			const tablet = new Screen(await engine.tab());
			await tablet.tab.goto(`${baseURL}/tisch`);
			await tablet.find('heading', 'Tisch');
			await tablet.tap('button', 'Kamera');
			// A camera that films a code it cannot read: live view, "Suche Code …", the hint, "Kamera aus".
			const frames = await framesOf({ ...cameraCase('c1').scene, blur: 9 }, 1);
			await tablet.tab.run(frameCamera, frames);
			// Started on the landscape tablet of issue 26 item 4, then turned to every size while it scans (the
			// hint waits 4 s once): the iPads, portrait and landscape, and a phone.
			await tablet.tab.resize(1280, 800);
			await tablet.tap('button', 'Kamera starten');
			await tablet.waitText('Noch kein Code erkannt.');
			for (const { width, height } of [{ width: 1280, height: 800 }, ...GUARD_SIZES]) {
				await tablet.tab.resize(width, height);
				// Laid out at the new size, and the page's answer to the resize scrolled (a frame or two later).
				await tablet.tab.run(() => new Promise<void>((done) => setTimeout(done, 250)));
				const outside = await tablet.tab.run(() => {
					const wanted = [
						document.querySelector('video.live'),
						document.querySelector('.camera .looking'),
						document.querySelector('.camera .stuck'),
						...document.querySelectorAll('.camera button')
					];
					return wanted
						.filter((element): element is Element => element !== null)
						.map((element) => ({ element, box: element.getBoundingClientRect() }))
						.filter(
							({ box }) => box.top < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5
						)
						.map(
							({ element, box }) =>
								`${element.textContent?.trim().slice(0, 30) || element.tagName} ${box.top}–${box.bottom}`
						);
				});
				const folder = process.env.WB_SHOTS;
				if (folder)
					await tablet.tab.screenshot(`${folder}/${engine.name}-camera-hint-${width}x${height}.png`);
				assert.deepEqual(outside, [], `${width}×${height}: out of view`);
			}
			await tablet.tap('button', 'Kamera aus');
			await tablet.until(async () => (await tablet.tab.run(liveTracks)) === 0, 'the camera given back');
		}
	}
];

import assert from 'node:assert/strict';
import { cameraCase } from '../camera/cases';
import { pngOf } from '../camera/scene';
import { filmCodeScreens, type CodeScreens } from '../camera/screens';
import { videoFrames } from '../camera/video';
import { launchChromium } from '../e2e/browser';
import { Screen } from './pages/Screen';
import { shots, type EngineTest } from './suite';

// Issue 26 in WebKit and Firefox: their mock cameras show only a test pattern, so the page's camera becomes
// a canvas stream (captureStream) fed with frames of the app's own table code screen, filmed in Chromium.

let filmed: Promise<CodeScreens> | null = null;
/** The app's code screens, filmed once for the whole suite (Chromium drives the desk and a tablet). */
function codeScreens(baseURL: string): Promise<CodeScreens> {
	filmed ??= (async () => {
		const browser = await launchChromium();
		try {
			return await filmCodeScreens(browser, baseURL, 'usual');
		} finally {
			await browser.close();
		}
	})();
	return filmed;
}

/** Frames of the table code held in front of the camera (no noise: a frame travels as a PNG data URL). */
async function tableCodeFrames(baseURL: string): Promise<string[]> {
	const screens = await codeScreens(baseURL);
	const scene = { ...cameraCase('c1').scene, noise: 0 };
	return [...videoFrames(screens.kinds.table.screens, scene)]
		.slice(0, 4)
		.map((frame) => `data:image/png;base64,${pngOf(frame).toString('base64')}`);
}

/** In the page: the camera films these frames at 10 a second; its tracks are kept to see whether they end. */
function frameCamera(urls: string[]): void {
	const tracks: MediaStreamTrack[] = [];
	Object.assign(window, { __cameraTracks: tracks });
	const images = urls.map((url) => Object.assign(new Image(), { src: url }));
	const film = async (): Promise<MediaStream> => {
		await Promise.all(images.map((image) => image.decode()));
		const canvas = Object.assign(document.createElement('canvas'), { width: 1280, height: 720 });
		const context = canvas.getContext('2d')!;
		let shown = 0;
		const draw = () => context.drawImage(images[shown++ % images.length]!, 0, 0);
		draw();
		setInterval(draw, 100);
		const stream = canvas.captureStream(10);
		tracks.push(...stream.getTracks());
		return stream;
	};
	if (!navigator.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', { value: {} });
	navigator.mediaDevices.getUserMedia = film;
}

const liveTracks = () =>
	(window as unknown as { __cameraTracks: MediaStreamTrack[] }).__cameraTracks.filter(
		(track) => track.readyState === 'live'
	).length;

export const cameraTests: EngineTest[] = [
	{
		name: 'a tablet joins its table through the camera (ZXing in WebAssembly), then gives the camera back',
		async run({ engine, baseURL }) {
			const frames = await tableCodeFrames(baseURL);
			const screens = await codeScreens(baseURL);
			const tablet = new Screen(await engine.tab());
			await tablet.tab.goto(`${baseURL}/tisch`);
			await tablet.find('heading', 'Tisch');
			await tablet.tab.run(frameCamera, frames);
			await tablet.tap('button', 'Kamera');
			await tablet.tap('button', 'Kamera starten');
			await tablet.waitText(screens.joined);
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
			const screens = await codeScreens(baseURL);
			const blurred = { ...cameraCase('c1').scene, blur: 9, noise: 0 };
			const frames = [...videoFrames(screens.kinds.table.screens, blurred)]
				.slice(0, 2)
				.map((frame) => `data:image/png;base64,${pngOf(frame).toString('base64')}`);
			await tablet.tab.run(frameCamera, frames);
			// The landscape tablet of issue 26 item 4 and a phone (Chromium's e2e test checks two sizes more).
			for (const [width, height] of [
				[1280, 800],
				[390, 844]
			] as const) {
				await tablet.tab.resize(width, height);
				await tablet.tap('button', 'Kamera starten');
				await tablet.waitText('Noch kein Code erkannt.');
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
				await tablet.tap('button', 'Kamera aus');
			}
		}
	}
];

import type { Session } from './webdriver';

/** What a window takes beside its page, and the narrowest page it allows, as far as learnt. */
export interface WindowFrame {
	width: number;
	height: number;
	narrowest: number;
}

/** How long a page's size may lag behind its window's before the window is measured again. */
const PAGE_SIZE_WAIT_MS = 5000;

/** How long a page's size must stay the same to be taken as where it stays. */
const PAGE_SIZE_STILL_MS = 1000;

/**
 * Gives a WebDriver page the size asked for, or the nearest its window allows (MiniBrowser's is no
 * narrower than 447 px). The window's size takes in what it shows beside the page (MiniBrowser's bar, 38
 * px), and a page learns its new size a while after the window has it: on a slow machine the read straight
 * after a resize was the old size, and a correction worked out from it made a page of 768 px where 1024 was
 * asked (CI, 4de7d74). So the page's size is read until it is the one asked for; one that stays elsewhere
 * teaches `frame` what the window takes.
 */
export async function sizePage(
	browser: Pick<Session, 'setWindowSize' | 'windowSize' | 'execute'>,
	frame: WindowFrame,
	width: number,
	height: number
): Promise<void> {
	let got = { width: 0, height: 0 };
	for (let attempt = 0; attempt < 4; attempt++) {
		const wanted = { width: Math.max(width, frame.narrowest), height };
		const asked = { width: wanted.width + frame.width, height: wanted.height + frame.height };
		await browser.setWindowSize(asked.width, asked.height);
		got = await settledPageSize(browser, wanted);
		if (got.width === wanted.width && got.height === wanted.height) return;
		const window = await browser.windowSize();
		frame.width = window.width - got.width;
		frame.height = window.height - got.height;
		// A window wider than it was asked to be is as narrow as it goes.
		if (window.width > asked.width) frame.narrowest = got.width;
	}
	throw new Error(`the page is ${got.width}×${got.height} where ${width}×${height} was asked`);
}

/** The page's size once it is `wanted`, or once it has stayed the same for a while. */
async function settledPageSize(
	browser: Pick<Session, 'execute'>,
	wanted: { width: number; height: number }
): Promise<{ width: number; height: number }> {
	const started = Date.now();
	let last = '';
	let since = started;
	for (;;) {
		const [width, height] = await browser.execute<number[]>('return [innerWidth, innerHeight]');
		const got = { width: width!, height: height! };
		if (got.width === wanted.width && got.height === wanted.height) return got;
		const now = Date.now();
		const seen = `${got.width}×${got.height}`;
		if (seen !== last) [last, since] = [seen, now];
		if (now - since >= PAGE_SIZE_STILL_MS || now - started >= PAGE_SIZE_WAIT_MS) return got;
		await new Promise((done) => setTimeout(done, 50));
	}
}

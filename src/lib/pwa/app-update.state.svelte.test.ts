import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from './app-update-testing';
import { AppUpdate } from './app-update.state.svelte';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('AppUpdate', () => {
	it('offers a new version and applies it only when asked', async () => {
		const browser = fakeBrowser();
		expect(browser.update.needRefresh).toBe(false);
		browser.newVersionWaiting();
		expect(browser.update.needRefresh).toBe(true);
		expect(browser.update.canApply).toBe(true);
		expect(browser.skipWaiting).not.toHaveBeenCalled();

		await browser.update.applyUpdate();
		expect(browser.skipWaiting).toHaveBeenCalledTimes(1);
		browser.controllerChanged();
		expect(browser.reload).toHaveBeenCalledTimes(1);
	});

	it('does not apply a new version while a round holds updates', async () => {
		const browser = fakeBrowser();
		browser.newVersionWaiting();
		const endRound = browser.update.holdUpdates('Runde 2 läuft');
		expect(browser.update.held).toBe(true);
		expect(browser.update.holdReasons).toEqual(['Runde 2 läuft']);
		expect(browser.update.canApply).toBe(false);
		await browser.update.applyUpdate();
		expect(browser.skipWaiting).not.toHaveBeenCalled();

		endRound();
		expect(browser.update.canApply).toBe(true);
	});

	it('counts every hold; releasing one twice does not release another', () => {
		const browser = fakeBrowser();
		browser.newVersionWaiting();
		const tableOne = browser.update.holdUpdates('Tisch 1');
		const tableTwo = browser.update.holdUpdates('Tisch 2');
		tableOne();
		tableOne();
		expect(browser.update.holdReasons).toEqual(['Tisch 2']);
		expect(browser.update.canApply).toBe(false);
		tableTwo();
		expect(browser.update.canApply).toBe(true);
	});

	it('reloads at once when another tab applies the update and no round runs here', () => {
		const browser = fakeBrowser();
		browser.newVersionWaiting();
		browser.controllerChanged();
		expect(browser.reload).toHaveBeenCalledTimes(1);
	});

	it('keeps a tab in a round on the old version until the round ends', async () => {
		const browser = fakeBrowser();
		browser.newVersionWaiting();
		const endRound = browser.update.holdUpdates('Runde 1 läuft');
		browser.controllerChanged();
		expect(browser.reload).not.toHaveBeenCalled();
		expect(browser.update.reloadPending).toBe(true);
		expect(browser.update.needRefresh).toBe(false);

		endRound();
		expect(browser.reload).not.toHaveBeenCalled(); // not before the screen that follows could take a hold
		await vi.advanceTimersByTimeAsync(0);
		expect(browser.reload).toHaveBeenCalledTimes(1);
	});

	it('stays on the old version when the next screen of the round takes a hold at once (sheet → print view)', async () => {
		const browser = fakeBrowser();
		browser.newVersionWaiting();
		const sheet = browser.update.holdUpdates('Wertungsblatt');
		browser.controllerChanged();
		sheet();
		const print = browser.update.holdUpdates('Druckansicht');
		await vi.advanceTimersByTimeAsync(10);
		expect(browser.reload).not.toHaveBeenCalled();
		print();
		await vi.advanceTimersByTimeAsync(0);
		expect(browser.reload).toHaveBeenCalledTimes(1);
	});

	it('does not reload when the first install takes over the page', () => {
		const browser = fakeBrowser({ controlled: false });
		browser.offlineReady();
		browser.controllerChanged();
		expect(browser.reload).not.toHaveBeenCalled();
		expect(browser.update.offlineReady).toBe(true);
	});

	it("takes the first install, begun by an earlier page, for the app being ready offline, not a new version (issue 25, item 6: Firefox's update offer in a fresh profile)", async () => {
		const browser = fakeBrowser({ controlled: false, registration: { active: {}, waiting: null } });
		browser.newVersionWaiting();
		await vi.waitFor(() => expect(browser.update.offlineReady).toBe(true));
		expect(browser.update.needRefresh).toBe(false);
	});

	it('offers a version that waits behind an active one, also on a page that opened without a worker', async () => {
		const browser = fakeBrowser({ controlled: false, registration: { active: {}, waiting: {} } });
		browser.newVersionWaiting();
		await vi.waitFor(() => expect(browser.update.needRefresh).toBe(true));
	});

	it('does nothing without service worker support', async () => {
		const register = vi.fn();
		const update = new AppUpdate({ serviceWorker: undefined, register });
		update.start();
		await update.applyUpdate();
		expect(register).not.toHaveBeenCalled();
		expect(update.needRefresh).toBe(false);
	});
});

import { describe, expect, it, vi } from 'vitest';
import { evictsWhenUnused, requestPersistence, storageStatus } from './storage';

/** A StorageManager whose persist() grants `grant`. */
function fakeStorage(grant = true) {
	let persisted = false;
	return {
		persisted: vi.fn(() => Promise.resolve(persisted)),
		persist: vi.fn(() => {
			persisted = grant;
			return Promise.resolve(grant);
		}),
		estimate: vi.fn(() => Promise.resolve({ usage: 2048, quota: 1_000_000 }))
	};
}

describe('requestPersistence', () => {
	it('asks once and then reports the store as persistent', async () => {
		const storage = fakeStorage();
		await expect(requestPersistence(storage)).resolves.toBe(true);
		await expect(requestPersistence(storage)).resolves.toBe(true);
		expect(storage.persist).toHaveBeenCalledTimes(1);
	});

	it('shares one request between parallel calls', async () => {
		const storage = fakeStorage();
		await expect(Promise.all([requestPersistence(storage), requestPersistence(storage)])).resolves.toEqual([
			true,
			true
		]);
		expect(storage.persist).toHaveBeenCalledTimes(1);
	});

	it('reports a refusal and asks again next time', async () => {
		const storage = fakeStorage(false);
		await expect(requestPersistence(storage)).resolves.toBe(false);
		await expect(requestPersistence(storage)).resolves.toBe(false);
		expect(storage.persist).toHaveBeenCalledTimes(2);
	});

	it('is false without the API or when it fails', async () => {
		await expect(requestPersistence(undefined)).resolves.toBe(false);
		await expect(requestPersistence({})).resolves.toBe(false);
		await expect(requestPersistence({ persist: () => Promise.reject(new Error('denied')) })).resolves.toBe(
			false
		);
	});
});

describe('storageStatus', () => {
	it('reports persistence, usage and quota', async () => {
		const storage = fakeStorage();
		await requestPersistence(storage);
		await expect(storageStatus(storage)).resolves.toEqual({ persisted: true, usage: 2048, quota: 1_000_000 });
	});

	it('falls back to "not persistent, unknown sizes" without the API', async () => {
		const unknown = { persisted: false, usage: null, quota: null };
		await expect(storageStatus(undefined)).resolves.toEqual(unknown);
		await expect(storageStatus({})).resolves.toEqual(unknown);
		await expect(
			storageStatus({
				persisted: () => Promise.reject(new Error('no')),
				estimate: () => Promise.reject(new Error('no'))
			})
		).resolves.toEqual(unknown);
	});
});

describe('evictsWhenUnused: Safari deletes a website’s data after 7 days unused, not a home-screen app’s', () => {
	const IPAD =
		'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
	const IPAD_CHROME =
		'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
	const MAC_SAFARI =
		'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
	const CHROME =
		'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
	const ANDROID =
		'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
	const EDGE = `${CHROME} Edg/126.0.0.0`;
	const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0';

	it.each([
		['Safari on an iPad, in a tab', IPAD, false, true],
		['Safari on an iPad, opened from the home screen', IPAD, true, false],
		['Chrome on an iPad (WebKit too)', IPAD_CHROME, false, true],
		['Safari on a Mac', MAC_SAFARI, false, true],
		['Chrome', CHROME, false, false],
		['Chrome on an Android tablet', ANDROID, false, false],
		['Edge', EDGE, false, false],
		['Firefox', FIREFOX, false, false]
	])('%s', (_browser, userAgent, standalone, evicts) => {
		expect(evictsWhenUnused({ userAgent, standalone })).toBe(evicts);
	});
});

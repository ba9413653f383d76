import { describe, expect, it, vi } from 'vitest';
import { requestPersistence, storageStatus } from './storage';

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

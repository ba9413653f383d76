import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersistenceRequest } from '$lib/pwa/persistence-request.state.svelte';
import StorageNotice from './StorageNotice.svelte';

/** A request whose browser answers `granted` (or fails). */
function requestAnswering(granted: boolean | Error) {
	const ask = vi.fn(() => (granted instanceof Error ? Promise.reject(granted) : Promise.resolve(granted)));
	return { request: new PersistenceRequest(ask), ask };
}

describe('StorageNotice', () => {
	afterEach(cleanup);

	it('says nothing before the first action has asked', () => {
		const { request, ask } = requestAnswering(false);
		const { container } = render(StorageNotice, { request });
		expect(container.querySelector('aside')).toBeNull();
		expect(ask).not.toHaveBeenCalled();
	});

	it('gives the advice when the browser refuses, until it is acknowledged', async () => {
		const { request, ask } = requestAnswering(false);
		render(StorageNotice, { request });
		await expect(request.ensure()).resolves.toBe(false);
		flushSync();
		const notice = screen.getByRole('complementary', { name: 'Speicher nicht dauerhaft:' });
		expect(notice.textContent).toContain('Der Browser könnte die Daten bei Platzmangel löschen.');
		expect(notice.textContent).toContain('Rundenstatus');

		// Asked once per visit: a second tournament does not ask again, nor bring the advice back.
		await userEvent.click(screen.getByRole('button', { name: 'Verstanden' }));
		await request.ensure();
		flushSync();
		expect(screen.queryByRole('complementary')).toBeNull();
		expect(ask).toHaveBeenCalledTimes(1);
	});

	it('stays quiet when the browser keeps the data', async () => {
		const { request } = requestAnswering(true);
		const { container } = render(StorageNotice, { request });
		await expect(request.ensure()).resolves.toBe(true);
		flushSync();
		expect(container.querySelector('aside')).toBeNull();
	});

	it('counts a failing request as refused', async () => {
		const { request } = requestAnswering(new Error('SecurityError'));
		render(StorageNotice, { request });
		await expect(request.ensure()).resolves.toBe(false);
		flushSync();
		expect(screen.getByRole('complementary', { name: 'Speicher nicht dauerhaft:' })).toBeTruthy();
	});

	it('shares one request between parallel calls', async () => {
		const { request, ask } = requestAnswering(true);
		await Promise.all([request.ensure(), request.ensure()]);
		expect(ask).toHaveBeenCalledTimes(1);
	});

	it('on Safari (not from the home screen) says the data goes after 7 days unused and what to do', async () => {
		for (const unusedEviction of [true, false]) {
			const { request } = requestAnswering(false);
			render(StorageNotice, { request, unusedEviction });
			await request.ensure();
			flushSync();
			const notice = screen.getByRole('complementary', { name: 'Speicher nicht dauerhaft:' });
			expect(notice.textContent?.includes('7 Tage lang nicht geöffnet')).toBe(unusedEviction);
			expect(notice.textContent?.includes('Zum Home-Bildschirm')).toBe(unusedEviction);
			cleanup();
		}
	});
});

import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { AppUpdate } from '$lib/pwa/app-update.state.svelte';
import UpdateBanner from './UpdateBanner.svelte';

/** An update state whose service worker reports what the test says. */
function updateState() {
	let options: RegisterSWOptions = {};
	const skipWaiting = vi.fn(() => Promise.resolve());
	const update = new AppUpdate({
		serviceWorker: Object.assign(new EventTarget(), { controller: {} }) as unknown as ServiceWorkerContainer,
		register: (registerOptions) => {
			options = registerOptions ?? {};
			return skipWaiting;
		},
		reload: vi.fn()
	});
	update.start();
	return {
		update,
		skipWaiting,
		newVersionWaiting: () => flushSync(() => options.onNeedRefresh?.()),
		offlineReady: () => flushSync(() => options.onOfflineReady?.())
	};
}

describe('UpdateBanner', () => {
	afterEach(cleanup);

	it('shows nothing while there is nothing to say', () => {
		const { update } = updateState();
		const { container } = render(UpdateBanner, { update });
		expect(container.querySelector('aside')).toBeNull();
	});

	it('says once that the app works offline', async () => {
		const state = updateState();
		render(UpdateBanner, { update: state.update });
		state.offlineReady();
		expect(screen.getByText(/funktioniert auch ohne Netz/)).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'OK' }));
		expect(screen.queryByText(/funktioniert auch ohne Netz/)).toBeNull();
	});

	it('keeps the offline note to itself while a round is being scored, and says it afterwards', () => {
		const state = updateState();
		const release = state.update.holdUpdates('Runde 1 läuft');
		render(UpdateBanner, { update: state.update });
		state.offlineReady();
		expect(screen.queryByText(/funktioniert auch ohne Netz/)).toBeNull();
		flushSync(release);
		expect(screen.getByText(/funktioniert auch ohne Netz/)).toBeInTheDocument();
	});

	it('offers a new version and installs it on a tap', async () => {
		const state = updateState();
		render(UpdateBanner, { update: state.update });
		state.newVersionWaiting();
		expect(screen.getByText('Neue Version verfügbar – jetzt aktualisieren')).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'Aktualisieren' }));
		expect(state.skipWaiting).toHaveBeenCalledTimes(1);
	});

	it('keeps the button disabled while a round is running', () => {
		const state = updateState();
		render(UpdateBanner, { update: state.update });
		state.newVersionWaiting();
		let endRound = () => {};
		flushSync(() => (endRound = state.update.holdUpdates('Runde 4 läuft')));
		expect(
			screen.getByText('Eine neue Version ist bereit. Aktualisieren geht nach dem Ende der Runde.')
		).toBeInTheDocument();
		expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBeDisabled();

		flushSync(endRound);
		expect(screen.getByRole('button', { name: 'Aktualisieren' })).toBeEnabled();
	});

	it('can be put off until later', async () => {
		const state = updateState();
		render(UpdateBanner, { update: state.update });
		state.newVersionWaiting();
		await userEvent.click(screen.getByRole('button', { name: 'Später' }));
		expect(screen.queryByRole('button', { name: 'Aktualisieren' })).toBeNull();
	});
});

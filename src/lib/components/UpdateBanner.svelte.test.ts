import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from '$lib/pwa/app-update-testing';
import UpdateBanner from './UpdateBanner.svelte';

/** An update state whose service worker reports what the test says, at once on screen. */
const updateState = () => fakeBrowser({ onScreen: true });

describe('UpdateBanner', () => {
	afterEach(cleanup);

	it('shows nothing while there is nothing to say', () => {
		const { update } = updateState();
		const { container } = render(UpdateBanner, { update });
		expect(container.querySelector('aside')).toBeNull();
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

	it('leaves the "works offline" note to the notes tray (OfflineNote)', () => {
		const state = updateState();
		const { container } = render(UpdateBanner, { update: state.update });
		state.offlineReady();
		expect(container.querySelector('aside')).toBeNull();
	});

	it('can be put off until later', async () => {
		const state = updateState();
		render(UpdateBanner, { update: state.update });
		state.newVersionWaiting();
		await userEvent.click(screen.getByRole('button', { name: 'Später' }));
		expect(screen.queryByRole('button', { name: 'Aktualisieren' })).toBeNull();
	});
});

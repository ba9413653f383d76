import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from '$lib/pwa/app-update-testing';
import OfflineNote from './OfflineNote.svelte';

/** An update state whose service worker reports what the test says, at once on screen. */
const updateState = () => fakeBrowser({ onScreen: true });

describe('OfflineNote', () => {
	afterEach(cleanup);

	it('says once that the app works offline', async () => {
		const state = updateState();
		render(OfflineNote, { update: state.update });
		state.offlineReady();
		expect(screen.getByText(/funktioniert auch ohne Netz/)).toBeInTheDocument();
		await userEvent.click(screen.getByRole('button', { name: 'OK' }));
		expect(screen.queryByText(/funktioniert auch ohne Netz/)).toBeNull();
	});

	it('keeps the offline note to itself while a round is being scored, and says it afterwards', () => {
		const state = updateState();
		const release = state.update.holdUpdates('Runde 1 läuft');
		render(OfflineNote, { update: state.update });
		state.offlineReady();
		expect(screen.queryByText(/funktioniert auch ohne Netz/)).toBeNull();
		flushSync(release);
		expect(screen.getByText(/funktioniert auch ohne Netz/)).toBeInTheDocument();
	});

	it('gives way to the offer of a new version, which says more', () => {
		const state = updateState();
		render(OfflineNote, { update: state.update });
		state.offlineReady();
		state.newVersionWaiting();
		expect(screen.queryByText(/funktioniert auch ohne Netz/)).toBeNull();
	});
});

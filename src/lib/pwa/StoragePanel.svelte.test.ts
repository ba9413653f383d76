import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '$lib/i18n/index.svelte';
import type { StorageStatus } from './storage';
import StoragePanel from './StoragePanel.svelte';
import { formatBytes, type StorageAccess } from './storage-panel.state.svelte';

/** A browser whose storage is not persistent until it grants a request (if it ever does). */
function browser(grant: boolean, sizes: Partial<StorageStatus> = { usage: 2_500_000, quota: 1_000_000_000 }) {
	let persisted = false;
	const access: StorageAccess = {
		status: () => Promise.resolve({ persisted, usage: sizes.usage ?? null, quota: sizes.quota ?? null }),
		request: vi.fn(() => {
			persisted = grant;
			return Promise.resolve(grant);
		})
	};
	return access;
}

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

describe('the storage panel', () => {
	it('says the data is not kept for good, why that matters, and how much space is used and free', async () => {
		render(StoragePanel, { access: browser(false) });
		expect(await screen.findByText('Nicht dauerhaft gespeichert')).toBeInTheDocument();
		expect(
			screen.getByText(
				'Der Browser kann gespeicherte Daten löschen, wenn der Speicher knapp wird. Sichern Sie nach jeder Runde eine Exportdatei.'
			)
		).toBeInTheDocument();
		expect(screen.getByText('Belegt').nextElementSibling).toHaveTextContent('2,5 MB');
		expect(screen.getByText('Verfügbar').nextElementSibling).toHaveTextContent('998 MB');
	});

	it('explains a refusal when the browser says no', async () => {
		const access = browser(false);
		render(StoragePanel, { access });
		await userEvent.click(await screen.findByRole('button', { name: 'Dauerhaft speichern' }));
		expect(await screen.findByRole('alert')).toHaveTextContent(
			'Der Browser hat das dauerhafte Speichern abgelehnt.'
		);
		expect(access.request).toHaveBeenCalledTimes(1);
		expect(screen.getByText('Nicht dauerhaft gespeichert')).toBeInTheDocument();
	});

	it('shows the data as persistent once the browser grants it, without the button', async () => {
		render(StoragePanel, { access: browser(true) });
		await userEvent.click(await screen.findByRole('button', { name: 'Dauerhaft speichern' }));
		expect(await screen.findByText('Dauerhaft gespeichert')).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Dauerhaft speichern' })).not.toBeInTheDocument();
		expect(screen.queryByRole('alert')).not.toBeInTheDocument();
	});

	it('says "unknown" where the browser does not tell the sizes, and speaks English when asked', async () => {
		i18n.locale = 'en';
		render(StoragePanel, { access: browser(false, {}) });
		expect(await screen.findByText('Not stored persistently')).toBeInTheDocument();
		expect(screen.getByText('Used').nextElementSibling).toHaveTextContent('unknown');
		expect(screen.getByText('Available').nextElementSibling).toHaveTextContent('unknown');
	});
});

describe('formatBytes', () => {
	it('writes decimal units the way each language does', () => {
		expect(formatBytes(512, 'de')).toBe('512 Byte');
		expect(formatBytes(2_048, 'de')).toBe('2 kB');
		expect(formatBytes(1_500_000, 'de')).toBe('1,5 MB');
		expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
		expect(formatBytes(40_000_000_000, 'en')).toBe('40 GB');
	});
});

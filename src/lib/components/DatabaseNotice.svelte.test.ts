import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DatabaseConnection } from '$lib/pwa/database-connection.state.svelte';
import { i18n } from '$lib/i18n/index.svelte';
import { AppUpdate } from '$lib/pwa/app-update.state.svelte';
import DatabaseNotice from './DatabaseNotice.svelte';

function setup() {
	const connection = new DatabaseConnection();
	const update = new AppUpdate({ serviceWorker: undefined });
	const reload = vi.fn();
	render(DatabaseNotice, { connection, update, reload });
	return { connection, update, reload };
}

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

describe('DatabaseNotice: another tab changes the database under this one', () => {
	it('shows nothing while the connection is open', () => {
		setup();
		expect(screen.queryByRole('alertdialog')).toBeNull();
		expect(screen.queryByRole('status')).toBeNull();
	});

	it('reloads at once when no round is being played here', () => {
		const { connection, reload } = setup();
		flushSync(() => {
			connection.state = 'closing';
			connection.reason = 'upgrade';
		});
		expect(screen.getByRole('alertdialog')).toHaveTextContent('Die letzten Eingaben werden gespeichert …');
		expect(reload).not.toHaveBeenCalled();
		flushSync(() => (connection.state = 'closed'));
		expect(reload).toHaveBeenCalledOnce();
	});

	it('during a round: saves, then asks the scorer to reload, and reloads on the button', async () => {
		const { connection, update, reload } = setup();
		update.holdUpdates('Runde läuft');
		flushSync(() => {
			connection.state = 'closing';
			connection.reason = 'upgrade';
		});
		const button = screen.getByRole('button', { name: 'Neu laden' });
		expect(button).toBeDisabled();
		flushSync(() => (connection.state = 'closed'));
		const dialog = screen.getByRole('alertdialog', { name: 'Bitte neu laden' });
		expect(dialog).toHaveAccessibleDescription(
			'Eine neuere Version der App wurde in einem anderen Fenster geöffnet und hat die gespeicherten Daten übernommen. Alles bis hierher Gespeicherte bleibt erhalten. Laden Sie diese Seite neu, um weiterzumachen.'
		);
		expect(reload).not.toHaveBeenCalled();
		await userEvent.click(button);
		expect(reload).toHaveBeenCalledOnce();
	});

	it('says why: deleted in another tab, or closed by the browser; in English too', () => {
		const { connection, update } = setup();
		update.holdUpdates('Runde läuft');
		flushSync(() => {
			connection.state = 'closed';
			connection.reason = 'delete';
		});
		expect(screen.getByRole('alertdialog')).toHaveTextContent('in einem anderen Fenster gelöscht');
		flushSync(() => {
			connection.reason = 'lost';
			i18n.locale = 'en';
		});
		expect(screen.getByRole('alertdialog', { name: 'Please reload' })).toHaveTextContent(
			'The browser closed the connection to this app’s storage. Reload this page.'
		);
	});

	it('says a database that does not open, and does not reload by itself (it would fail again)', async () => {
		const { connection, reload } = setup();
		flushSync(() => {
			connection.state = 'failed';
			connection.reason = 'unopenable';
		});
		const dialog = screen.getByRole('alertdialog', { name: 'Speicher nicht lesbar' });
		expect(dialog).toHaveTextContent('Die gespeicherten Daten dieser App können nicht geöffnet werden.');
		expect(reload).not.toHaveBeenCalled();
		await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
		expect(reload).toHaveBeenCalledOnce();
	});

	it('says when this tab’s upgrade waits for an old tab', () => {
		const { connection } = setup();
		flushSync(() => (connection.state = 'blocked'));
		expect(screen.getByRole('status')).toHaveTextContent(
			'Die App ist in einem anderen Fenster noch in einer älteren Version geöffnet.'
		);
		flushSync(() => (connection.state = 'open'));
		expect(screen.queryByRole('status')).toBeNull();
	});
});

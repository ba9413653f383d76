import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '$lib/domain/limits';
import { i18n } from '$lib/i18n/index.svelte';
import { storedTabletName, TABLET_NAME_KEY } from './tablet-name.svelte';
import TabletNameField from './TabletNameField.svelte';

beforeEach(() => {
	i18n.locale = 'de';
	localStorage.clear();
});
afterEach(cleanup);

describe('the tablet’s name', () => {
	it('is kept on this device, trimmed and within the bound a code carries; empty removes it', async () => {
		const user = userEvent.setup();
		render(TabletNameField);
		const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Name dieses Tablets' });
		expect(field.maxLength).toBe(LIMITS.tabletName);
		await user.type(field, '  Tablet 3 (blau)  ');
		await user.click(screen.getByRole('button', { name: 'Speichern' }));
		expect(screen.getByRole('status').textContent).toBe('Gespeichert: „Tablet 3 (blau)“.');
		expect(localStorage.getItem(TABLET_NAME_KEY)).toBe('Tablet 3 (blau)');
		expect(storedTabletName()).toBe('Tablet 3 (blau)');
		await user.clear(field);
		await user.click(screen.getByRole('button', { name: 'Speichern' }));
		expect(screen.getByRole('status').textContent).toBe('Name entfernt.');
		expect(storedTabletName()).toBeUndefined();
	});

	it('sends no name a code would refuse, whatever was stored', () => {
		localStorage.setItem(TABLET_NAME_KEY, 'x'.repeat(LIMITS.tabletName + 1));
		expect(storedTabletName()).toBeUndefined();
		localStorage.setItem(TABLET_NAME_KEY, 'Grün');
		expect(storedTabletName()).toBe('Grün');
	});
});

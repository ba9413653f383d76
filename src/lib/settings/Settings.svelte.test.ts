import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '$lib/i18n/index.svelte';
import SettingsPage from './Settings.svelte';
import { Speaker } from '$lib/table/speaker.state.svelte';
import { SPEECH_KEY } from '$lib/table/speech';

beforeEach(() => {
	localStorage.clear();
	i18n.locale = 'de';
});
afterEach(cleanup);

describe('the settings screen', () => {
	it('keeps speech output off until switched on, and tells the table screen through wb.speech', async () => {
		render(SettingsPage);
		const speech = screen.getByRole('radiogroup', { name: 'Sprachausgabe' });
		expect(screen.getByRole('radio', { name: 'Aus' })).toBeChecked();
		expect(speech).toBeInTheDocument();
		await userEvent.click(screen.getByRole('radio', { name: 'Ein' }));
		expect(localStorage.getItem(SPEECH_KEY)).toBe('on');
		vi.stubGlobal('speechSynthesis', { cancel: () => {}, speak: () => {}, getVoices: () => [] });
		expect(new Speaker().enabled).toBe(true);
		vi.unstubAllGlobals();
		await userEvent.click(screen.getByRole('radio', { name: 'Aus' }));
		expect(localStorage.getItem(SPEECH_KEY)).toBe('off');
	});

	it('switches the language of the whole screen', async () => {
		render(SettingsPage);
		expect(screen.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeInTheDocument();
		await userEvent.click(screen.getByRole('radio', { name: 'English' }));
		expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
		expect(screen.getByRole('heading', { name: 'Speech output' })).toBeInTheDocument();
		expect(i18n.locale).toBe('en');
	});

	it('shows the app version', () => {
		render(SettingsPage);
		expect(screen.getByText(/Version/)).toHaveTextContent(/Wertungsblatt · Version \S+/);
	});
});

import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RadioCards from './RadioCards.svelte';

describe('RadioCards', () => {
	afterEach(cleanup);

	const options = [
		{ value: 'classic', label: 'Klassisch bis 400', hint: 'Wer zuerst 400 Punkte hat, gewinnt.' },
		{ value: 'tournament', label: 'Turnierrunde', hint: 'Eine Runde nach Turnierregeln.' },
		{ value: 'english', label: 'English', lang: 'en' }
	] as const;

	it('is one named radio group whose checked card is the value, each hint read with its card', () => {
		render(RadioCards, { options, value: 'tournament', label: 'Spielart' });
		const group = screen.getByRole('radiogroup', { name: 'Spielart' });
		const radios = screen.getAllByRole('radio');
		expect(radios).toHaveLength(3);
		// One name for the group, so arrow keys move within it and only one is checked.
		expect(new Set(radios.map((radio) => radio.getAttribute('name'))).size).toBe(1);
		expect(screen.getByRole('radio', { name: /Turnierrunde/ })).toBeChecked();
		expect(screen.getByRole('radio', { name: /Klassisch bis 400/ })).not.toBeChecked();
		expect(
			screen.getByRole('radio', { name: /Turnierrunde Eine Runde nach Turnierregeln\./ })
		).toBeInTheDocument();
		expect(group.querySelector('[lang="en"]')?.textContent).toContain('English');
	});

	it('takes a tap: the bound value and the callback get the new choice, once', async () => {
		const onchange = vi.fn();
		render(RadioCards, { options, value: 'classic', label: 'Spielart', onchange });
		await userEvent.click(screen.getByText('Turnierrunde'));
		expect(screen.getByRole('radio', { name: /Turnierrunde/ })).toBeChecked();
		expect(screen.getByRole('radio', { name: /Klassisch/ })).not.toBeChecked();
		expect(onchange).toHaveBeenCalledExactlyOnceWith('tournament');
	});

	it('names the group by a visible heading when given one', () => {
		document.body.insertAdjacentHTML('afterbegin', '<h2 id="speech">Ansage vorlesen</h2>');
		render(RadioCards, {
			options: [
				{ value: 'on', label: 'An' },
				{ value: 'off', label: 'Aus' }
			],
			value: 'off',
			labelledby: 'speech'
		});
		expect(screen.getByRole('radiogroup', { name: 'Ansage vorlesen' })).not.toHaveAttribute('aria-label');
		document.getElementById('speech')?.remove();
	});
});

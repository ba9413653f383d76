import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import SteadyText from './SteadyText.svelte';

describe('SteadyText', () => {
	afterEach(cleanup);

	it('keeps every text in its place and shows, and names, only the current one', async () => {
		const texts = ['Speichert …', 'Gespeichert'];
		const { container, rerender } = render(SteadyText, { texts, shown: 'Speichert …' });
		// All texts stay in the box (its width is the widest); only the shown one is visible and read.
		expect([...container.querySelectorAll('.steady > span')].map((span) => span.textContent)).toEqual(texts);
		expect(container.querySelectorAll('.steady > span:not([aria-hidden])')).toHaveLength(1);
		expect(screen.getByText('Speichert …')).not.toHaveAttribute('aria-hidden');
		expect(screen.getByText('Gespeichert')).toHaveAttribute('aria-hidden', 'true');

		await rerender({ texts, shown: 'Gespeichert' });
		expect(screen.getByText('Gespeichert')).not.toHaveAttribute('aria-hidden');
		expect(screen.getByText('Speichert …')).toHaveAttribute('aria-hidden', 'true');
		expect(screen.getByText('Gespeichert')).toHaveClass('shown');
	});
});

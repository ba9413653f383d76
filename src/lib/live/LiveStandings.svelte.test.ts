import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAD_DOC, HEAD_SCHEMA, publishedHeadSchema, type PublishedHead } from '$lib/codecs/published';
import { i18n } from '$lib/i18n/index.svelte';
import LiveStandings from './LiveStandings.svelte';

/** A published head as the desk writes it: two players sharing first place (2,5 points each). */
const head: PublishedHead = publishedHeadSchema.parse({
	_id: 'tournament:lea:t-live',
	type: HEAD_DOC,
	schema: HEAD_SCHEMA,
	owner: 'lea',
	tournament: { id: 't-live', name: 'Herbstturnier', date: '2026-11-26', format: 'swiss' },
	players: ['Anna', 'Ben'],
	events: [],
	publishedAt: '2026-11-26T12:00:00.000Z',
	snapshot: {
		rounds: [
			{ round: 1, stage: 'prelim', locked: false, tables: [{ players: ['Anna', 'Ben'], reported: true }] }
		],
		standings: [
			{ rank: 1, player: 'Anna', points: 2.5, pointsText: '2,5', gamePoints: 120 },
			{ rank: 1, player: 'Ben', points: 2.5, pointsText: '2,5', gamePoints: 120 }
		],
		finalists: []
	},
	// Shown, not checked here: readHead checks the signature before a head reaches the page.
	key: 'A'.repeat(87),
	signature: 'A'.repeat(86)
});

describe('LiveStandings', () => {
	afterEach(() => {
		cleanup();
		i18n.locale = 'de';
	});

	it.each([
		['de', '2,5'],
		['en', '2.5']
	] as const)('writes shared points with the reader’s decimal mark (%s: %s)', (locale, shown) => {
		i18n.locale = locale;
		render(LiveStandings, { head });
		const anna = screen.getByRole('rowheader', { name: 'Anna' }).closest('tr')!;
		expect(within(anna).getByText(shown)).toBeInTheDocument();
	});
});

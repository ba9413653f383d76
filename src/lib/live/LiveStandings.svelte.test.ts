import { cleanup, render, screen, within } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { Spectator } from '$lib/codecs/spectator';
import { i18n } from '$lib/i18n/index.svelte';
import { FINAL_TIE, publishable, shownSpectator, upTo } from '$lib/publish/testing/published';
import { liveQuery } from './live-context';
import LiveStandings from './LiveStandings.svelte';

const query = liveQuery('https://dm.example.org/dm-2027', 'lea:t-koeln');
const koeln = publishable('t-koeln', FINAL_TIE);
/** The spectators' document as the desk writes it at a point of the tournament, read back as a phone reads it. */
const docAt = (events = koeln.events.length): Spectator =>
	shownSpectator(upTo(koeln, events), '2027-04-10T18:00:00.000Z');
const finalOpened = koeln.events.findIndex((event) => event.type === 'final-opened');

/** Each body row of the standings table as its cells' texts. */
const rows = () =>
	within(screen.getAllByRole('table')[0]!)
		.getAllByRole('row')
		.slice(1)
		.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()));

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
		const doc = docAt();
		const shared = { ...doc, standings: [{ ...doc.standings[3]!, points: '2,5' }] };
		render(LiveStandings, { doc: shared, query });
		const row = screen.getByRole('rowheader', { name: /Spieler E/ }).closest('tr')!;
		expect(within(row).getByText(shown)).toBeInTheDocument();
	});

	it('after the final: the final’s players first, by the final’s own places and points; then the prelims', () => {
		render(LiveStandings, { doc: docAt(), query });
		expect(screen.getByRole('heading', { level: 2, name: 'Endstand' })).toBeInTheDocument();
		expect(rows().slice(0, 6)).toEqual([
			['Finale'],
			['1.', 'Spieler A', '10', '180'],
			['2.', 'Spieler D', '4', '110'],
			['2.', 'Spieler G', '4', '110'],
			['Vorrunde'],
			['4.', 'Spieler E', '8', '90']
		]);
		expect(screen.getByRole('heading', { name: 'Sitzplan · Finale, Runde 2' })).toBeInTheDocument();
	});

	it('a tie at the last qualifying place says the lot it waits for (RULES.md §6 "still tied → lot")', () => {
		render(LiveStandings, { doc: docAt(), query });
		const said = screen
			.getByText(/^Qualifiziert \(2\)/)
			.closest('p')
			?.textContent?.replace(/\s+/g, ' ');
		expect(said).toBe(
			'Qualifiziert (2): Spieler A. Um den letzten Platz entscheidet das Los zwischen Spieler D und Spieler G.'
		);
	});

	it('before the final: the prelims, who is in the final, and the qualifiers as provisional', () => {
		render(LiveStandings, { doc: docAt(finalOpened), query });
		expect(screen.getByRole('heading', { level: 2, name: 'Rangliste · Runde 2' })).toBeInTheDocument();
		expect(rows()[0]).toEqual(['1.', 'Spieler D', '10', '190']);
		expect(
			screen
				.getByText(/^Im Finale/)
				.closest('p')
				?.textContent?.replace(/\s+/g, ' ')
		).toBe('Im Finale (vorläufig): Spieler D, Spieler G, Spieler A');
		expect(
			screen
				.getByText(/^Qualifiziert/)
				.closest('p')
				?.textContent?.replace(/\s+/g, ' ')
		).toBe('Qualifiziert (2) (vorläufig): Spieler D, Spieler G');
	});

	it('a tie across the last place of the final waits for a lot, said as such', () => {
		const doc = docAt(finalOpened);
		const tied = {
			...doc,
			final: {
				...doc.final,
				finalists: ['Spieler D', 'Spieler G'],
				pending: { players: ['Spieler A', 'Spieler E'], places: 1 }
			}
		};
		render(LiveStandings, { doc: tied, query });
		expect(
			screen
				.getByText(/^Im Finale/)
				.closest('p')
				?.textContent?.replace(/\s+/g, ' ')
		).toBe(
			'Im Finale (vorläufig): Spieler D, Spieler G. Um den letzten Platz entscheidet das Los zwischen Spieler A und Spieler E.'
		);
	});

	it('each name leads to the player’s page, with the server and tournament in the link', () => {
		render(LiveStandings, { doc: docAt(), query });
		const link = screen.getAllByRole('link', { name: 'Spieler D' })[0]!;
		const href = new URL(link.getAttribute('href')!, 'https://app.example');
		expect(href.pathname).toBe('/live/spieler');
		expect(Object.fromEntries(href.searchParams)).toEqual({
			db: 'https://dm.example.org/dm-2027',
			t: 'lea:t-koeln',
			name: 'Spieler D'
		});
	});
});

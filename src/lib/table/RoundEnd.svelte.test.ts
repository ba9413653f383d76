import { cleanup, render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyAction, type Hand, type RoundState } from '$lib/domain/round';
import { fromRecord } from '$lib/table/testing';
import RoundEnd from './RoundEnd.svelte';

/** The example round of docs/NOTATION.md up to its end, before the hands. */
const ended = fromRecord(`Players: Anna, Ben, Cara, Dirk
Start: Ben
Ben: 12
Cara: d d 7
Dirk: d d d pass
Anna: 3-4-5 bridge
Ben: 8 hexagon
Cara: 9
Dirk: 6
Anna: 10
Ben: d 11
Cara: 5
Dirk: 9
Anna: 4
Ben: d 3
Cara: 6
Dirk: d 4
Anna: d 7
Ben: 9
Cara: 2
Dirk: 8
Anna: d d d pass
Ben: 13 double-hexagon
Cara: 4
Dirk: 7
Anna: 11
Ben: 1
Cara: 10 bridge
Dirk: d d 5
Anna: 6
Ben: d d 14
Cara: 3
Dirk: 12
Anna: 8
Ben: 2
Cara: 9 out
Dirk: 6
Anna: pass`);

function settleWith(round: RoundState) {
	const onsettle = vi.fn((hands: (Hand | null)[]) => {
		const settled = applyAction(round, { type: 'settle', hands });
		return settled.ok ? null : settled.error;
	});
	render(RoundEnd, { round, onsettle, confirmed: false, onconfirm: vi.fn() });
	return onsettle;
}

describe('RoundEnd: hands, settlement, result', () => {
	afterEach(cleanup);

	it('asks only players holding tiles, by sum or by tiles tapped, and settles', async () => {
		const onsettle = settleWith(ended);
		expect(
			screen.getByText('Cara hat als Erster alle Steine gelegt und bekommt die Steine der anderen.')
		).toBeInTheDocument();
		expect(screen.queryByText(/^Cara hält/)).toBeNull();
		const settle = screen.getByRole('button', { name: 'Abrechnen' });
		expect(settle).toBeDisabled();

		await userEvent.type(screen.getByRole('textbox', { name: 'Summe der Steine von Anna' }), '14');
		const ben = screen.getByRole('group', { name: 'Ben hält 2 Steine' });
		await userEvent.click(within(ben).getByRole('button', { name: 'Steine antippen' }));
		for (const tile of ['3-4-4', '0-0-1']) {
			for (const [i, n] of tile.split('-').entries()) {
				await userEvent.click(within(ben).getByRole('button', { name: `${n} als ${i + 1}. Zahl` }));
			}
			await userEvent.click(within(ben).getByRole('button', { name: /^Stein hinzufügen/ }));
			if (tile === '3-4-4') expect(within(ben).getByText('= 11')).toBeInTheDocument();
		}
		// Issue 14, item 5: the tapped tiles are summed up as they are entered.
		expect(within(ben).getByText(/^2 von 2 Steinen/)).toHaveTextContent('2 von 2 Steinen = 12');
		expect(settle).toBeDisabled();
		await userEvent.type(screen.getByRole('textbox', { name: 'Summe der Steine von Dirk' }), '30');
		expect(settle).toBeEnabled();
		await userEvent.click(settle);
		expect(onsettle).toHaveBeenCalledWith([
			{ sum: 14, tiles: null },
			{
				sum: 12,
				tiles: [
					[3, 4, 4],
					[0, 0, 1]
				]
			},
			null,
			{ sum: 30, tiles: null }
		]);
	});

	it('shows what the rules refuse (an impossible sum) and keeps the entry', async () => {
		settleWith(ended);
		await userEvent.type(screen.getByRole('textbox', { name: 'Summe der Steine von Anna' }), '99');
		await userEvent.type(screen.getByRole('textbox', { name: 'Summe der Steine von Ben' }), '5');
		await userEvent.type(screen.getByRole('textbox', { name: 'Summe der Steine von Dirk' }), '30');
		await userEvent.click(screen.getByRole('button', { name: 'Abrechnen' }));
		expect(screen.getByRole('alert')).toHaveTextContent(
			/Anna hält 4 Steine: ihre Summe liegt zwischen \d+ und \d+, nicht bei 99/
		);
		expect(screen.getByRole('textbox', { name: 'Summe der Steine von Anna' })).toHaveValue('99');
	});

	it('shows the settlement, places and tournament points for the table to confirm', async () => {
		const settled = applyAction(ended, {
			type: 'settle',
			hands: [{ sum: 14, tiles: null }, { sum: 13, tiles: null }, null, { sum: 29, tiles: null }]
		});
		if (!settled.ok) throw new Error(JSON.stringify(settled.error));
		const onconfirm = vi.fn();
		render(RoundEnd, { round: settled.value, onsettle: vi.fn(), confirmed: false, onconfirm });
		const rows = within(screen.getByRole('table', { name: 'Ergebnis' }))
			.getAllByRole('row')
			.slice(1);
		const text = rows.map((row) => Array.from(row.querySelectorAll('td, th'), (c) => c.textContent?.trim()));
		expect(text).toEqual([
			['1.', 'Cara', '+56', '166', '5'],
			['2.', 'Ben', '0', '163', '3'],
			['3.', 'Anna', '0', '68', '2'],
			['4.', 'Dirk', '0', '17', '1']
		]);
		await userEvent.click(screen.getByRole('button', { name: 'Ergebnis bestätigen' }));
		expect(onconfirm).toHaveBeenCalledOnce();
	});

	it.each([
		[
			'a tournament table hands the result to the director',
			{ gameId: null, tournamentId: 't-1', round: 2, table: 3, startDraw: null },
			'Ergebnis an die Turnierleitung übergeben →',
			'/tisch?abgeben=r-1'
		],
		[
			'a club round leads to the next round',
			{ gameId: 'g-1', tournamentId: null, round: null, table: null, startDraw: null },
			'Nächste Runde →',
			'/club/g-1#naechste-runde'
		],
		[
			'a round on its own starts another with the same players',
			{ gameId: null, tournamentId: null, round: null, table: null, startDraw: null },
			'Neue Runde mit denselben Spielern →',
			'/runde/neu?player=Anna&player=Ben&player=Cara&player=Dirk&preset=tournament&tiles=56'
		]
	])('after confirming, no dead end (issue 14, items 4 and 11): %s', (_, context, label, href) => {
		const settled = applyAction(ended, {
			type: 'settle',
			hands: [{ sum: 14, tiles: null }, { sum: 13, tiles: null }, null, { sum: 29, tiles: null }]
		});
		if (!settled.ok) throw new Error(JSON.stringify(settled.error));
		// `context` is also a mount option: the props go in `props`.
		render(RoundEnd, {
			props: {
				round: settled.value,
				onsettle: vi.fn(),
				confirmed: true,
				onconfirm: vi.fn(),
				context,
				roundId: 'r-1'
			}
		});
		const next = within(screen.getByRole('navigation', { name: 'Wie geht es weiter?' }));
		expect(next.getByRole('link', { name: label })).toHaveAttribute('href', href);
	});

	it('splits tied places exactly (2,5 each for two second places)', () => {
		const round = fromRecord(`Players: Anna, Ben, Cara, Dirk
Pool: 0
Anna: 10
Ben: 5
Cara: 5
Dirk: 1
Anna: 1
Ben: 1
Cara: 1
Dirk: 1
Anna: 1
Ben: 1
Cara: 1
Dirk: 1
Anna: 1
Ben: 1
Cara: 1
Dirk: 1
Anna: 1
Ben: 1
Cara: 1
Dirk: 1
Anna: 1
Ben: 1
Cara: 1
Dirk: 1
Anna: 1 out
Ben: pass
Cara: pass
Dirk: pass
Hands: Ben 0-0-0, Cara 0-0-1, Dirk 0-0-2`);
		render(RoundEnd, { round, onsettle: vi.fn(), confirmed: true, onconfirm: vi.fn() });
		const table = screen.getByRole('table', { name: 'Ergebnis' });
		expect(within(table).getAllByText('2,5')).toHaveLength(2);
		expect(screen.getByText(/Ergebnis bestätigt/)).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Ergebnis bestätigen' })).toBeNull();
	});
});

describe('RoundEnd: a backup when the browser may delete the data', () => {
	/** navigator.storage as a browser that refused (or granted) persistent storage. */
	function storage(persisted: boolean) {
		Object.defineProperty(navigator, 'storage', {
			configurable: true,
			value: { persisted: () => Promise.resolve(persisted), estimate: () => Promise.resolve({}) }
		});
	}
	afterEach(() => {
		cleanup();
		Reflect.deleteProperty(navigator, 'storage');
	});

	function over(): RoundState {
		const settled = applyAction(ended, {
			type: 'settle',
			hands: [{ sum: 14, tiles: null }, { sum: 13, tiles: null }, null, { sum: 29, tiles: null }]
		});
		if (!settled.ok) throw new Error(JSON.stringify(settled.error));
		return settled.value;
	}

	it('says so at the round end and offers the .trn export right there, before and after confirming', async () => {
		storage(false);
		const onexport = vi.fn();
		const props = { round: over(), onsettle: vi.fn(), confirmed: false, onconfirm: vi.fn(), onexport };
		const { rerender } = render(RoundEnd, props);
		const advice = await screen.findByRole('region', { name: 'Speicher nicht dauerhaft:' });
		expect(advice).toHaveTextContent(
			'Der Browser kann die gespeicherten Runden löschen, wenn der Speicher knapp wird. Sichern Sie das Ergebnis dieser Runde als Datei.'
		);
		await userEvent.click(within(advice).getByRole('button', { name: 'Runde als Datei sichern (.trn)' }));
		expect(onexport).toHaveBeenCalledOnce();
		await rerender({ ...props, confirmed: true });
		expect(screen.getByRole('status')).toHaveTextContent('Ergebnis bestätigt.');
		expect(screen.getByRole('button', { name: 'Runde als Datei sichern (.trn)' })).toBeInTheDocument();
	});

	it('stays quiet when the data is kept for good, and while hands are still being entered', async () => {
		storage(true);
		render(RoundEnd, {
			round: over(),
			onsettle: vi.fn(),
			confirmed: false,
			onconfirm: vi.fn(),
			onexport: vi.fn()
		});
		await screen.findByRole('button', { name: 'Ergebnis bestätigen' });
		await new Promise((r) => setTimeout(r, 20));
		expect(screen.queryByRole('region', { name: 'Speicher nicht dauerhaft:' })).toBeNull();
		cleanup();
		storage(false);
		render(RoundEnd, {
			round: ended,
			onsettle: vi.fn(),
			confirmed: false,
			onconfirm: vi.fn(),
			onexport: vi.fn()
		});
		await new Promise((r) => setTimeout(r, 20));
		expect(screen.queryByRole('region', { name: 'Speicher nicht dauerhaft:' })).toBeNull();
	});
});

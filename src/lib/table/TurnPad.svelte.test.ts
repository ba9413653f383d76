import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { legalActions, type RoundState } from '$lib/domain/round';
import { CLASSIC } from '$lib/domain/rules';
import { act, fromRecord, played } from '$lib/table/testing';
import TurnPad from './TurnPad.svelte';

function pad(round: RoundState, extra: { blocked?: boolean; canUndo?: boolean } = {}) {
	const handlers = { ondraw: vi.fn(), onlay: vi.fn(), onpass: vi.fn(), onundo: vi.fn() };
	render(TurnPad, {
		round,
		legal: legalActions(round),
		canUndo: extra.canUndo ?? round.turns.length > 0,
		blocked: extra.blocked ?? false,
		...handlers
	});
	return handlers;
}

const buy = () => screen.getByRole('button', { name: /^Kaufen/ });
const pass = () => screen.getByRole('button', { name: /^Passen/ });
const value = (v: number) => screen.getByRole('button', { name: `Stein mit Wert ${v} legen` });
const bonus = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} \\d+$`) });

describe('TurnPad: only legal actions are offered', () => {
	afterEach(cleanup);

	it('at the start: buy or lay, no pass, no bonus on the first tile, nothing to undo', () => {
		pad(played([]));
		expect(screen.getByText('Anna ist am Zug')).toBeInTheDocument();
		expect(buy()).toBeEnabled();
		expect(pass()).toBeDisabled();
		expect(screen.getByText('Passen erst nach drei Käufen.')).toBeInTheDocument();
		for (const figure of ['Brücke', 'Sechseck', 'Doppelsechseck', 'Dreifachsechseck']) {
			expect(bonus(figure)).toBeDisabled();
		}
		expect(value(0)).toBeEnabled();
		expect(value(15)).toBeEnabled();
		expect(screen.getByRole('button', { name: /Rückgängig/ })).toBeDisabled();
	});

	it('after three purchases: pass (−10) but no fourth purchase', () => {
		pad(played([act.lay(5), act.draw, act.draw, act.draw]));
		expect(screen.getByText('3 Steine gekauft')).toBeInTheDocument();
		expect(buy()).toBeDisabled();
		expect(pass()).toBeEnabled();
		expect(pass()).toHaveTextContent('−10');
		expect(bonus('Brücke')).toBeEnabled();
	});

	it('an empty pool: no purchase, passing allowed at once', () => {
		pad(played([act.lay(5)], { pool: 0 }));
		expect(buy()).toBeDisabled();
		expect(pass()).toBeEnabled();
		expect(screen.getByText('Vorrat leer – legen oder passen (−10).')).toBeInTheDocument();
	});

	it('the final lap: no buying, a pass scores 0, the prompt names the player', () => {
		const round = fromRecord(`Players: Anna, Ben, Cara
Pool: 0
Anna: 1
Ben: 2
Cara: 3
Anna: 4
Ben: 5
Cara: 6
Anna: 7
Ben: 8
Cara: 9
Anna: 10
Ben: 11
Cara: 12
Anna: 13
Ben: 14
Cara: 15
Anna: 0
Ben: 1
Cara: 2
Anna: 3 out`);
		pad(round);
		expect(screen.getByText('Letzte Runde: Ben legt noch einmal – kein Kaufen')).toBeInTheDocument();
		expect(buy()).toBeDisabled();
		expect(pass()).toBeEnabled();
		expect(pass()).toHaveTextContent(/Passen\s*0/);
	});

	it('one tile left: any lay is the last tile', async () => {
		const round = fromRecord(`Players: Anna, Ben, Cara
Anna: 1
Ben: 2
Cara: 3
Anna: 4
Ben: 5
Cara: 6
Anna: 7
Ben: 8
Cara: 9
Anna: 10
Ben: 11
Cara: 12
Anna: 13
Ben: 14
Cara: 15
Anna: 0
Ben: 1
Cara: 2`);
		const { onlay } = pad(round);
		expect(screen.getByText('Letzter Stein')).toHaveAttribute('role', 'status');
		expect(screen.getByText('Anna legt den letzten Stein: +25')).toBeInTheDocument();
		await userEvent.click(value(9));
		expect(onlay).toHaveBeenCalledWith({ value: 9, tile: null, bonus: null, out: true }, expect.any(Number));
	});

	it('bonus first, then the value: one tap commits the lay with its bonus', async () => {
		const { onlay } = pad(played([act.lay(5)]));
		await userEvent.click(bonus('Sechseck'));
		expect(bonus('Sechseck')).toHaveAttribute('aria-pressed', 'true');
		await userEvent.click(value(8));
		expect(onlay).toHaveBeenCalledWith(
			{ value: 8, tile: null, bonus: 'hexagon', out: false },
			expect.any(Number)
		);
	});

	it('a tile by its three numbers: the value is computed', async () => {
		const { onlay } = pad(played([act.lay(5)]));
		await userEvent.click(screen.getByRole('button', { name: 'Zahlen' }));
		const lay = screen.getByRole('button', { name: /legen/ });
		expect(lay).toBeDisabled();
		await userEvent.click(screen.getByRole('button', { name: '3 als 1. Zahl' }));
		await userEvent.click(screen.getByRole('button', { name: '4 als 2. Zahl' }));
		await userEvent.click(screen.getByRole('button', { name: '5 als 3. Zahl' }));
		await userEvent.click(screen.getByRole('button', { name: '3-4-5 legen (12)' }));
		expect(onlay).toHaveBeenCalledWith(
			{ value: 12, tile: [3, 4, 5], bonus: null, out: false },
			expect.any(Number)
		);
	});

	it('classic opening: the trios are offered, the highest first', async () => {
		const { onlay } = pad(played([], { rules: CLASSIC }));
		const trios = screen.getByRole('group', { name: 'Trio eröffnen' });
		expect(trios).toHaveTextContent(/^5-5-5/);
		await userEvent.click(screen.getByRole('button', { name: 'Trio 0-0-0 legen' }));
		expect(onlay).toHaveBeenCalledWith(
			{ value: 0, tile: [0, 0, 0], bonus: null, out: false },
			expect.any(Number)
		);
	});

	it('blocked by an unresolved announcement: nothing but undo', () => {
		pad(played([act.lay(5)]), { blocked: true });
		expect(buy()).toBeDisabled();
		expect(value(3)).toBeDisabled();
		expect(screen.getByRole('button', { name: /Rückgängig/ })).toBeEnabled();
		expect(screen.getByText('Erst die Ansage klären.')).toBeInTheDocument();
	});

	it('reports each tap once, with its time', async () => {
		const { ondraw, onpass } = pad(played([act.lay(5), act.draw, act.draw, act.draw]));
		await userEvent.click(pass());
		expect(onpass).toHaveBeenCalledTimes(1);
		expect(ondraw).not.toHaveBeenCalled();
	});
});

describe('TurnPad: a tap touches only what it changed', () => {
	afterEach(cleanup);

	it('the next player’s turn leaves the buttons whose state stays as they are (no attribute is set again)', async () => {
		const before = played([act.lay(5), act.draw]);
		const after = played([act.lay(5), act.draw, act.lay(7)]);
		const { rerender } = render(TurnPad, {
			round: before,
			legal: legalActions(before),
			canUndo: true,
			ondraw: vi.fn(),
			onlay: vi.fn(),
			onpass: vi.fn(),
			onundo: vi.fn()
		});
		expect(screen.getByText('Ben ist am Zug')).toBeInTheDocument();
		const touched: string[] = [];
		const observer = new MutationObserver((records) => {
			for (const record of records) {
				const button = (record.target as Element).closest('button');
				if (record.type === 'attributes' && button) {
					touched.push(`${button.textContent?.trim()}@${record.attributeName}`);
				}
			}
		});
		observer.observe(document.body, { subtree: true, attributes: true });
		await rerender({ round: after, legal: legalActions(after) });
		await Promise.resolve();
		observer.disconnect();
		expect(screen.getByText('Cara ist am Zug')).toBeInTheDocument();
		// Kaufen, Passen, Rückgängig and the bonuses keep their state from Ben's turn to Cara's.
		expect(buy()).toBeEnabled();
		expect(pass()).toBeDisabled();
		expect(bonus('Brücke')).toBeEnabled();
		expect(touched).toEqual([]);
	});
});

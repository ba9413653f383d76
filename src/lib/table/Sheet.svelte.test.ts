import { cleanup, render, screen, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Sheet from './Sheet.svelte';
import { act, fromRecord, played } from './testing';

/** The three visible columns of a cell, read from its accessible element. */
function columns(element: HTMLElement): string[] {
	return Array.from(element.children, (child) => child.textContent?.trim() ?? '');
}

const example = `Players: Anna, Ben, Cara, Dirk
Start: Ben
Ben: 12
Cara: d d 7
Dirk: d d d pass
Anna: 3-4-5 bridge
Ben: 8 hexagon
Cara: d`;

describe('Sheet: the paper score sheet, three columns per player', () => {
	afterEach(cleanup);

	it('writes left, middle and right as on paper: purchases as strokes, the −10 as a slash', () => {
		render(Sheet, { round: fromRecord(example), oncell: () => {} });
		// 000 §Ansagen, example 1: two purchases then a 7 → −3.
		expect(columns(screen.getByRole('button', { name: /^Cara, Runde 1:/ }))).toEqual(['−3', '||', '−3']);
		// Three purchases and no tile: −15 on the left, |||/ in the middle, −25 in all.
		expect(columns(screen.getByRole('button', { name: /^Dirk, Runde 1:/ }))).toEqual(['−15', '|||/', '−25']);
		expect(columns(screen.getByRole('button', { name: /^Anna, Runde 1:/ }))).toEqual(['12', '+40', '52']);
		expect(columns(screen.getByRole('button', { name: /^Ben, Runde 2:/ }))).toEqual(['8', '+50', '70']);
	});

	it('shows the running totals, each hand and the pool', () => {
		render(Sheet, { round: fromRecord(example) });
		const sums = screen.getAllByRole('row').at(-1)!;
		expect(
			within(sums)
				.getAllByRole('cell')
				.map((c) => c.textContent?.trim())
		).toEqual(['52', '70', '−8', '−25']); // Cara's open turn: her purchase counts at once (−3 − 5).
		expect(screen.getByLabelText('Dirk hält 10 Steine')).toBeInTheDocument();
		expect(screen.getByLabelText('Ben hält 5 Steine')).toBeInTheDocument();
		// Cara's turn is open: one purchase so far.
		expect(screen.getByLabelText('Cara hält 9 Steine')).toBeInTheDocument();
	});

	it('highlights the current player and the cell being written, also in a new lap', () => {
		render(Sheet, { round: fromRecord(example) });
		const header = screen.getByRole('columnheader', { name: /Cara/ });
		expect(header).toHaveAttribute('aria-current', 'true');
		expect(screen.getByRole('columnheader', { name: /Ben/ })).not.toHaveAttribute('aria-current');
		const current = screen.getByRole('group', { name: /^Cara, Runde 2:/ });
		expect(current).toHaveAttribute('aria-current', 'true');
		expect(columns(current)).toEqual(['−5', '|', '−8']);
	});

	it('adds the empty row of a lap about to start, with its cell highlighted', () => {
		render(Sheet, { round: played([act.lay(3), act.lay(4), act.lay(5), act.lay(6)]) });
		const next = screen.getByRole('group', { name: /^Anna, Runde 2: noch leer/ });
		expect(next).toHaveAttribute('aria-current', 'true');
	});

	it('marks corrected and pending cells, and a tap on a cell asks to correct that turn', async () => {
		const oncell = vi.fn();
		render(Sheet, {
			round: fromRecord(example),
			corrections: new Map([[1, 'Wert verwechselt']]),
			pending: new Set([4]),
			oncell
		});
		const corrected = screen.getByRole('button', { name: /^Cara, Runde 1:.*korrigiert: Wert verwechselt/ });
		expect(corrected.closest('td')).toHaveClass('corrected');
		expect(screen.getByRole('button', { name: /^Ben, Runde 2:/ }).closest('td')).toHaveClass('pending');
		await userEvent.click(screen.getByRole('button', { name: /^Dirk, Runde 1:/ }));
		expect(oncell).toHaveBeenCalledWith(2);
	});

	it('ends with the settlement row', () => {
		const round = fromRecord(`Players: Anna, Ben
Pool: 0
${Array.from({ length: 7 }, (_, i) => `Anna: ${i}\nBen: ${i + 1}`).join('\n')}
Anna: 7
Ben: pass
Anna: 8 out
Ben: 3
Hands: Ben 7`);
		render(Sheet, { round, oncell: () => {} });
		const anna = screen.getByRole('group', { name: /^Anna, Abrechnung:/ });
		expect(columns(anna)[1]).toBe('+7');
		expect(screen.getByRole('rowheader', { name: 'Abrechnung' })).toBeInTheDocument();
		expect(columns(screen.getByRole('group', { name: /^Ben, Abrechnung:/ }))[1]).toBe('');
	});

	it('a screen reader hears a pass as a pass (issue 14, item 15)', () => {
		const round = fromRecord(`Players: Anna, Ben, Cara
Pool: 0
Anna: 1
Ben: 2
Cara: pass
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
Anna: 3 out
Ben: pass`);
		render(Sheet, { round, oncell: () => {} });
		// 000 §Punktewertung: the slash stands for the −10; the final lap's pass costs nothing.
		expect(screen.getByRole('button', { name: /^Cara, Runde 1:/ })).toHaveAccessibleName(
			'Cara, Runde 1: gepasst, Striche /, Stand −10'
		);
		expect(screen.getByRole('button', { name: /^Ben, Runde 7:/ })).toHaveAccessibleName(
			'Ben, Runde 7: gepasst, Stand 41'
		);
		expect(columns(screen.getByRole('button', { name: /^Ben, Runde 7:/ }))).toEqual(['0', 'passt', '41']);
	});
});

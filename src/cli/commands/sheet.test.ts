import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../main';
import { memoryIO, runCli } from '../testing';

const example = readFileSync(
	new URL('../../lib/domain/notation/fixtures/notation-example.trn', import.meta.url),
	'utf8'
);

describe('wertungsblatt sheet', () => {
	it('answers --json in the contract’s shape for one file', async () => {
		const { io, json } = memoryIO({ 'a.trn': example });
		expect(await main(['sheet', 'a.trn', '--json'], io)).toBe(0);
		const report = json() as Record<string, unknown>;
		expect(Object.keys(report)).toEqual(['rules', 'finished', 'end', 'players', 'turns']);
		expect(report).toMatchObject({
			rules: 'tournament',
			finished: true,
			end: 'out',
			players: [
				{ name: 'Anna', total: 68, place: 3, points: 2 },
				{ name: 'Ben', total: 163, place: 2, points: 3 },
				{ name: 'Cara', total: 166, place: 1, points: 5 },
				{ name: 'Dirk', total: 17, place: 4, points: 1 }
			]
		});
		const turns = report.turns as { player: string; score: number; total: number; announcement: string }[];
		expect(turns[1]).toEqual({
			player: 'Cara',
			score: -3,
			total: -3,
			announcement: 'minus fünf, minus zehn, sieben, ergibt minus drei'
		});
		expect(turns[4]?.announcement).toBe('acht, Bonus fünfzig, ergibt achtundfünfzig');
		expect(turns.at(-3)).toMatchObject({ player: 'Cara', score: 34 });
	});

	it('gives null places and points while unfinished, and null points where the rules give none', async () => {
		const { io, json } = memoryIO({
			'open.trn': 'Players: Anna, Ben, Cara\nAnna: 7\nBen: d d',
			'two.trn': 'Players: Anna, Ben\nPool: 0\nAnna: pass\nBen: pass\nHands: Anna 30, Ben 40'
		});
		expect(await main(['sheet', '--json', 'open.trn', 'two.trn'], io)).toBe(0);
		const [open, two] = json() as { finished: boolean; end: unknown; players: unknown[]; turns: unknown[] }[];
		expect(open).toMatchObject({ finished: false, end: null });
		expect(open?.players[0]).toEqual({ name: 'Anna', total: 7, place: null, points: null });
		// Ben's two purchases count at once, as his sheet cell shows (Σ −10).
		expect(open?.players[1]).toEqual({ name: 'Ben', total: -10, place: null, points: null });
		expect(open?.turns).toHaveLength(1);
		expect(two).toMatchObject({ finished: true, end: 'early' });
		expect(two?.players).toEqual([
			{ name: 'Anna', total: -40, place: 1, points: null },
			{ name: 'Ben', total: -50, place: 2, points: null }
		]);
	});

	it('puts an error object in place of an invalid file and exits 1', async () => {
		const { io, json } = memoryIO({
			'ok.trn': example,
			'bad.trn': 'Players: Anna, Ben\nAnna: 5\nBen: d d d d 4'
		});
		expect(await main(['sheet', '--json', 'bad.trn', 'ok.trn', 'missing.trn'], io)).toBe(1);
		const [bad, ok, missing] = json() as Record<string, unknown>[];
		expect(bad).toEqual({
			file: 'bad.trn',
			error: { line: 3, message: expect.stringContaining('drei Käufe'), en: expect.stringContaining('three') }
		});
		expect(ok).toMatchObject({ finished: true });
		expect(missing).toMatchObject({ file: 'missing.trn', error: { line: null } });
	});

	it('prints a readable three-column table and the result', async () => {
		const { io, stdout } = memoryIO({ 'a.trn': example });
		expect(await main(['sheet', 'a.trn'], io)).toBe(0);
		const text = stdout();
		expect(text).toContain('Runde │ Anna');
		// One rendering with the app and the print view (issue 14, item 15): the slash stands for the −10,
		// a final-lap pass reads "passt", the settlement row leaves the left column blank.
		expect(text).toMatch(/ −15 \|\|\|\/ {12}−25\n/);
		expect(text).toMatch(/ {5}0 passt {12}68 │/);
		expect(text).toMatch(/ Abr\. │ {24}68 │ {23}163 │ {7}\+56 {13}166 │/);
		expect(text).toContain('Ergebnis: 1. Cara 166 (5 P.) · 2. Ben 163 (3 P.)');
	});

	it('shows one running total for a turn in progress, in the cell and in the footer', async () => {
		const { io, stdout } = memoryIO({ 'open.trn': 'Players: Anna, Ben\nAnna: 7\nBen: d d' });
		expect(await main(['sheet', 'open.trn'], io)).toBe(0);
		expect(stdout()).toMatch(/−10 \|\| +−10\n/);
		expect(stdout()).toContain('Stand: Anna 7 · Ben −10');
	});

	it.each([
		[
			'three tied firsts at a 4-table: (5+3+2)/3',
			'Anna 20, Ben 20, Cara 20, Dirk 30',
			'1. Anna −30 (3⅓ P.) · 1. Ben −30 (3⅓ P.) · 1. Cara −30 (3⅓ P.) · 4. Dirk −40 (1 P.)',
			10 / 3
		],
		[
			'two tied seconds at a 4-table: (3+2)/2',
			'Anna 20, Ben 25, Cara 25, Dirk 30',
			'1. Anna −30 (5 P.) · 2. Ben −35 (2,5 P.) · 2. Cara −35 (2,5 P.) · 4. Dirk −40 (1 P.)',
			5
		]
	])(
		'prints split tie points exactly, as the standings do (RULES.md §5: %s)',
		async (_case, hands, result, annaPoints) => {
			const early = `Players: Anna, Ben, Cara, Dirk\nPool: 0\nAnna: pass\nBen: pass\nCara: pass\nDirk: pass\nHands: ${hands}`;
			const text = memoryIO({ 'tie.trn': early });
			expect(await main(['sheet', 'tie.trn'], text.io)).toBe(0);
			expect(text.stdout()).toContain(`Ergebnis: ${result}`);
			const json = memoryIO({ 'tie.trn': early });
			expect(await main(['sheet', '--json', 'tie.trn'], json.io)).toBe(0);
			const report = json.json() as { players: { points: number }[] };
			expect(report.players[0]?.points).toBe(annaPoints);
		}
	);

	it('announces kids’ scoring turns in German number words (001 §Tip)', async () => {
		const kids =
			'Rules: classic\nScoring: kids\nPlayers: Anna, Ben, Cara\nAnna: 5\nBen: 7 bridge\nCara: 4 double-hexagon';
		const { io, json } = memoryIO({ 'kids.trn': kids });
		expect(await main(['sheet', '--json', 'kids.trn'], io)).toBe(0);
		const { turns } = json() as { turns: { announcement: string }[] };
		expect(turns.map((t) => t.announcement)).toEqual(['null Punkte', 'ein Punkt', 'zwei Punkte']);
	});

	it('refuses to run without a file, in German and English', async () => {
		const { io, stderr } = memoryIO();
		expect(await main(['sheet'], io)).toBe(2);
		expect(stderr()).toMatch(/Aufruf.*\n.*usage/s);
	});

	it('reads the record from its file', async () => {
		const file = new URL('../../lib/domain/notation/fixtures/notation-example.trn', import.meta.url).pathname;
		const answer = await runCli(['sheet', file, '--json']);
		expect(answer.code).toBe(0);
		expect(JSON.parse(answer.stdout)).toMatchObject({ rules: 'tournament', finished: true, end: 'out' });
	});
});

import { describe, expect, it } from 'vitest';
import type { CliIO } from '../io';
import { main } from '../main';
import { runCli } from '../testing';

/** Runs one command line in-process and collects what it prints. */
async function run(...argv: string[]) {
	const out: string[] = [];
	const err: string[] = [];
	const io: CliIO = {
		out: (text) => out.push(text),
		err: (text) => err.push(text),
		open: () => Promise.reject(new Error('announce reads no files'))
	};
	const code = await main(['announce', ...argv], io);
	return { code, out: out.join('\n'), err: err.join('\n') };
}

const EXAMPLE = 'minus fünf, minus zehn, sieben, ergibt minus drei';

describe('wertungsblatt announce', () => {
	it('prints the JSON contract for 000 §Punktewertung, Beispiel 1 and exits 0', async () => {
		const { code, out } = await run('--json', EXAMPLE);
		expect(code).toBe(0);
		const json: unknown = JSON.parse(out);
		expect(json).toEqual({
			draws: 2,
			tile: 7,
			bonus: 0,
			pass: false,
			claimed: -3,
			score: -3,
			consistent: true,
			mistakes: []
		});
		expect(Object.keys(json as object)).toEqual([
			'draws',
			'tile',
			'bonus',
			'pass',
			'claimed',
			'score',
			'consistent',
			'mistakes'
		]);
	});

	it('joins several words into one text, and reads "-5" as a number, not an option', async () => {
		const words = await run(
			'--json',
			'minus',
			'fünf,',
			'minus',
			'zehn,',
			'sieben,',
			'ergibt',
			'minus',
			'drei'
		);
		const digits = await run('-5', '-10', '7', '=', '-3', '--json');
		expect(words.code).toBe(0);
		expect(digits.code).toBe(0);
		expect(JSON.parse(words.out)).toMatchObject({ draws: 2, tile: 7, claimed: -3 });
		expect(JSON.parse(digits.out)).toMatchObject({ draws: 2, tile: 7, claimed: -3 });
	});

	it('exits 1 and names the wrong step when it does not add up (RULES.md §3 decision: hexagon 50)', async () => {
		const { code, out } = await run('--json', 'acht, Bonus fünfzig, ergibt achtundsechzig');
		expect(code).toBe(1);
		expect(JSON.parse(out)).toEqual({
			draws: 0,
			tile: 8,
			bonus: 50,
			pass: false,
			claimed: 68,
			score: 58,
			consistent: false,
			mistakes: [
				{
					step: 2,
					message: 'Ergebnis: angesagt achtundsechzig, richtig wäre achtundfünfzig',
					en: 'result: said sixty-eight, should be fifty-eight'
				}
			]
		});
	});

	it('names the wrong purchase call when a tile follows what looked like a pass total (RULES.md §3)', async () => {
		const { code, out } = await run('--json', 'minus fünf, minus fünfzehn, sieben, ergibt minus drei');
		expect(code).toBe(1);
		expect(JSON.parse(out)).toEqual({
			draws: 2,
			tile: 7,
			bonus: 0,
			pass: false,
			claimed: -3,
			score: -3,
			consistent: false,
			mistakes: [
				{
					step: 1,
					message: '2. Kauf: angesagt minus fünfzehn, richtig wäre minus zehn',
					en: 'purchase 2: said minus fifteen, should be minus ten'
				}
			]
		});
	});

	it('reads a bare "minus fünfundzwanzig" as three purchases and the pass, consistent (000 §Ansagen)', async () => {
		const { code, out } = await run('--json', 'minus fünfundzwanzig');
		expect(code).toBe(0);
		expect(JSON.parse(out)).toEqual({
			draws: 3,
			tile: null,
			bonus: 0,
			pass: true,
			claimed: -25,
			score: -25,
			consistent: true,
			mistakes: []
		});
	});

	it('says in German whether it adds up and how it is announced correctly', async () => {
		const right = await run(EXAMPLE);
		expect(right.code).toBe(0);
		expect(right.out).toBe(`Ansage stimmt: 2 Käufe, Stein 7, Summe -3.\nRichtig angesagt: „${EXAMPLE}“`);
		const wrong = await run('minus fünf, minus fünf, sieben, ergibt minus drei');
		expect(wrong.code).toBe(1);
		expect(wrong.out).toContain('Ansage stimmt nicht');
		expect(wrong.out).toContain(
			'Schritt 2 („minus fünf“): 2. Kauf: angesagt minus fünf, richtig wäre minus zehn'
		);
		expect(wrong.out).toContain(`Richtig angesagt: „${EXAMPLE}“`);
	});

	it('exits 1 on text it cannot read, naming the word', async () => {
		const json = await run('--json', 'sieben acht neun zehn elf');
		expect(json.code).toBe(1);
		const { error } = JSON.parse(json.out) as { error: { message: string; en: string } };
		expect(error.message).toContain('„neun“');
		expect(error.en).toContain('"neun"');
		const text = await run('hallo');
		expect(text.code).toBe(1);
		expect(text.err).toContain('„hallo“');
	});

	it.each([[[]], [['--json']], [['  ']], [['--bogus', EXAMPLE]]])(
		'exits 2 on a usage error: %j',
		async (argv) => {
			const { code, err } = await run(...argv);
			expect(code).toBe(2);
			expect(err).toContain('Aufruf: announce');
		}
	);

	it('answers `announce --json TEXT` as the command line', async () => {
		const { code, stdout } = await runCli(['announce', '--json', EXAMPLE]);
		expect(code).toBe(0);
		expect(JSON.parse(stdout)).toEqual({
			draws: 2,
			tile: 7,
			bonus: 0,
			pass: false,
			claimed: -3,
			score: -3,
			consistent: true,
			mistakes: []
		});
	});
});

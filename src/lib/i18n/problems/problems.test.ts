import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Problem, ProblemCode } from '../../domain/result';
import { PROBLEM_TEXT_TABLES, problemText } from './index';
import { announcementProblemText, announcementTexts } from './announcement';
import { boundsTexts } from './bounds';
import { notationTexts, recordProblemText } from './notation';
import { roundTexts } from './round';
import { tableProblemText, tableTexts } from './table';
import { SAMPLES } from './testing';

/** Problems whose text is the same in both languages: the browser's own words, which it gives in one. */
const SAME_IN_BOTH: readonly ProblemCode[] = ['storage'];

const samples = Object.values(SAMPLES).flat() as Problem[];

describe('every problem has a German and an English text', () => {
	it.each(samples.map((problem) => [JSON.stringify(problem), problem] as const))('%s', (_, problem) => {
		const [de, en] = [problemText(problem, 'de'), problemText(problem, 'en')];
		for (const text of [de, en]) {
			expect(text.trim().length).toBeGreaterThan(0);
			expect(text).not.toMatch(/undefined|NaN|\[object|\$\{/);
		}
		if (!SAME_IN_BOTH.includes(problem.code)) expect(de).not.toBe(en);
	});

	it('each code in exactly one table of texts, and a sample of each', () => {
		const codes = Object.values(PROBLEM_TEXT_TABLES).flatMap((table) => Object.keys(table));
		expect(new Set(codes).size).toBe(codes.length);
		expect([...codes].sort()).toEqual(Object.keys(SAMPLES).sort());
	});

	it.each([
		['the table screen', tableProblemText, { ...roundTexts, ...tableTexts }],
		['a record’s import', recordProblemText, { ...notationTexts, ...roundTexts, ...boundsTexts }],
		['the announcement checker', announcementProblemText, announcementTexts]
	] as const)('%s says its problems as everywhere else, with its own texts alone', (_, say, texts) => {
		const own = samples.filter((p) => p.code in texts);
		expect(own.length).toBeGreaterThan(20);
		for (const problem of own) {
			for (const lang of ['de', 'en'] as const) {
				expect((say as (p: Problem, lang: 'de' | 'en') => string)(problem, lang)).toBe(
					problemText(problem, lang)
				);
			}
		}
	});

	it.each(Object.entries(REFUSED))('a table of texts does not compile with %s', (name, [, error]) => {
		expect(compilerErrors()[name]).toEqual([expect.stringMatching(error)]);
	});

	it('a table of texts compiles with codes, each in both languages', () => {
		expect(compilerErrors()[COMPILES]).toEqual([]);
	});
});

/** Lines the compiler must refuse, and what it says; a line it must accept. */
const REFUSED: Record<string, readonly [string, RegExp]> = {
	'a code that is none': [`problemTexts({ 'no-such-code': { de: 'x', en: 'x' } });`, /'no-such-code'/],
	'a code without its English': [`problemTexts({ 'no-final': { de: 'x' } });`, /'en' is missing/],
	'a table that misses codes, as index.ts’s would': [
		`const all: ProblemTexts<ProblemCode> = { ...roundTexts };`,
		/missing the following properties/
	]
};
const COMPILES = 'both languages';
const LINES = {
	...Object.fromEntries(Object.entries(REFUSED).map(([name, [line]]) => [name, line])),
	[COMPILES]: `problemTexts({ 'no-final': { de: 'x', en: 'y' } });`
};

const HERE = import.meta.dirname;
const LIB = resolve(HERE, '../..');

/** Every layer's catalog of codes (`problems.ts`): each adds its codes to `Problem` with `declare module`. */
function catalogs(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return catalogs(path);
		return entry.name === 'problems.ts' && !path.includes('i18n') ? [path] : [];
	});
}

let compiled: Record<string, string[]> | undefined;

/**
 * What the compiler says of each of `LINES`, each written in a module of its own beside the tables, with
 * every catalog in one program: the tables' types are the check that no code lacks a text, so this runs
 * the compiler itself (once).
 */
function compilerErrors(): Record<string, string[]> {
	if (compiled) return compiled;
	const planted = new Map(
		Object.entries(LINES).map(([name, line], i) => [
			join(HERE, `planted-${i}.ts`),
			{
				name,
				source: [
					`import type { ProblemCode } from '../../domain/result';`,
					`import { roundTexts } from './round';`,
					`import { problemTexts, type ProblemTexts } from './texts';`,
					line
				].join('\n')
			}
		])
	);
	const options: ts.CompilerOptions = {
		strict: true,
		noEmit: true,
		skipLibCheck: true,
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.ESNext,
		moduleResolution: ts.ModuleResolutionKind.Bundler,
		types: []
	};
	const host = ts.createCompilerHost(options);
	const { getSourceFile, fileExists } = host;
	host.fileExists = (path) => planted.has(path) || fileExists(path);
	host.getSourceFile = (path, version, ...rest) => {
		const plant = planted.get(path);
		return plant ? ts.createSourceFile(path, plant.source, version) : getSourceFile(path, version, ...rest);
	};
	const program = ts.createProgram([...planted.keys(), ...catalogs(LIB)], options, host);
	// Only the planted modules are checked (what the compiler says of them is all that is read): the
	// catalogs' types are resolved as far as those modules need them, not every body of every layer.
	const errors = Object.fromEntries(Object.keys(LINES).map((name) => [name, [] as string[]]));
	for (const [path, plant] of planted) {
		const file = program.getSourceFile(path);
		if (!file) throw new Error(`${path} not in the program`);
		const said = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
		errors[plant.name] = said.map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
	}
	return (compiled = errors);
}

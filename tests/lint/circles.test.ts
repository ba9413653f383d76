// No two modules of src/lib import each other, by any road: static, dynamic (`import()`), type-only and
// re-exports alike, written relative or through `$lib/`. The layers (layers.test.ts) keep imports from
// running back up between folders; this keeps each folder's own modules in an order a reader can follow.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LIB = resolve(import.meta.dirname, '../../src/lib');

/** Every module below `dir` (tests left out), as paths relative to src/lib. */
function modulesBelow(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return modulesBelow(path);
		if (/\.test\.ts$/.test(name) || !/\.(ts|svelte)$/.test(name) || name.endsWith('.d.ts')) return [];
		return [relative(LIB, path)];
	});
}

/** The file an import names, relative to src/lib, or null when it is outside src/lib or not a file. */
function target(from: string, specifier: string): string | null {
	const base = specifier.startsWith('$lib/')
		? join(LIB, specifier.slice('$lib/'.length))
		: specifier.startsWith('.')
			? resolve(LIB, dirname(from), specifier)
			: null;
	if (!base) return null;
	for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return relative(LIB, candidate);
	}
	return null;
}

/** What each module imports, of src/lib. A .svelte file is read for its scripts' imports. */
function importGraph(modules: readonly string[]): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const module of modules) {
		let source = readFileSync(join(LIB, module), 'utf8');
		if (module.endsWith('.svelte'))
			source = [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');
		const { importedFiles } = ts.preProcessFile(source, true, true);
		const targets = importedFiles
			.map(({ fileName }) => target(module, fileName))
			.filter((file): file is string => file !== null);
		graph.set(module, [...new Set(targets)]);
	}
	return graph;
}

/** A circle of imports (its modules in order, the first repeated at the end), or null. */
function findCircle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
	const done = new Set<string>();
	const path: string[] = [];
	const visit = (module: string): string[] | null => {
		const at = path.indexOf(module);
		if (at >= 0) return [...path.slice(at), module];
		if (done.has(module)) return null;
		path.push(module);
		for (const next of graph.get(module) ?? []) {
			const circle = visit(next);
			if (circle) return circle;
		}
		path.pop();
		done.add(module);
		return null;
	};
	for (const module of [...graph.keys()].sort()) {
		const circle = visit(module);
		if (circle) return circle;
	}
	return null;
}

describe('the modules of src/lib import one another without a circle', () => {
	it('finds a circle where there is one', () => {
		const graph = new Map([
			['a.ts', ['b.ts']],
			['b.ts', ['c.ts']],
			['c.ts', ['a.ts']],
			['d.ts', ['a.ts']]
		]);
		expect(findCircle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
		expect(
			findCircle(
				new Map([
					['a.ts', ['b.ts']],
					['b.ts', []]
				])
			)
		).toBeNull();
	});

	it('reads every kind of import: static, dynamic, type-only, through $lib/, from a .svelte script', () => {
		const graph = importGraph(modulesBelow(LIB));
		expect(graph.get('i18n/table.ts')).toContain('i18n/texts.svelte.ts');
		expect(graph.get('i18n/english.ts')).toContain('i18n/table.en.ts');
		expect(graph.get('i18n/table.en.ts')).toContain('i18n/table.ts');
		expect(graph.get('exchange/Absences.svelte')).toContain('exchange/CardList.svelte');
		expect(graph.get('exchange/Absences.svelte')).toContain('i18n/sync.ts');
	});

	it('has none', () => {
		expect(findCircle(importGraph(modulesBelow(LIB)))?.join(' → ') ?? 'none').toBe('none');
	});
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const HERE = import.meta.dirname;

/**
 * The modules of this folder each module imports, by file name: static, dynamic (`import()`), type-only
 * and re-exports alike, written relative or through `$lib/i18n/`. Tests are left out.
 */
function importGraph(dir: string): Map<string, string[]> {
	const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
	const graph = new Map<string, string[]>();
	for (const name of modules) {
		const { importedFiles } = ts.preProcessFile(readFileSync(join(dir, name), 'utf8'), true, true);
		const targets = importedFiles
			.map(({ fileName }) => fileName.replace(/^\$lib\/i18n\//, './'))
			.filter((specifier) => specifier.startsWith('./') && !specifier.slice(2).includes('/'))
			.map((specifier) => `${specifier.slice(2)}.ts`)
			.filter((file) => existsSync(join(dir, file)));
		graph.set(name, [...new Set(targets)]);
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
		for (const target of graph.get(module) ?? []) {
			const circle = visit(target);
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

describe('the i18n modules import one another without a circle', () => {
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

	it('reads every kind of import of this folder', () => {
		const graph = importGraph(HERE);
		// texts.svelte.ts: static; english.ts: dynamic; table.en.ts: type-only.
		expect(graph.get('table.ts')).toContain('texts.svelte.ts');
		expect(graph.get('english.ts')).toContain('table.en.ts');
		expect(graph.get('table.en.ts')).toContain('table.ts');
	});

	it('has none in src/lib/i18n', () => {
		// The shared pieces (the current language, the English loaded so far) import nothing back.
		expect(findCircle(importGraph(HERE))).toBeNull();
	});
});

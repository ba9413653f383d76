// The layer check of `npm run lint` (layers.config.js) on planted imports: each upward import below must be
// refused, each import down the stack must pass. The planted files exist only in memory; their imports name
// real files of the tree.
import { ESLint } from 'eslint';
import boundaries from 'eslint-plugin-boundaries';
import ts from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layerRules } from '../../layers.config.js';

const eslint = new ESLint({
	overrideConfigFile: true,
	overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: ts.parser } }, ...layerRules(boundaries)]
});

async function layerErrors(filePath: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath });
	return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe('layers: an upward import fails lint', () => {
	it.each([
		['domain → db, relative', 'src/lib/domain/planted.ts', "import { useDatabase } from '../db/index';"],
		[
			'domain → db, through $lib',
			'src/lib/domain/planted.ts',
			"import { useDatabase } from '$lib/db/index';"
		],
		['domain → db, dynamic', 'src/lib/domain/planted.ts', "export const db = () => import('../db/index');"],
		['domain → db, re-export', 'src/lib/domain/planted.ts', "export * from '../db/index';"],
		['domain test helper → db', 'src/lib/domain/testing/planted.ts', "import '../../db/index';"],
		['domain test → codecs', 'src/lib/domain/planted.test.ts', "import '../codecs/round';"],
		['domain → zod', 'src/lib/domain/planted.ts', "import { z } from 'zod';"],
		['domain → svelte', 'src/lib/domain/planted.ts', "import { untrack } from 'svelte';"],
		['domain → $app', 'src/lib/domain/planted.ts', "import { page } from '$app/state';"],
		['codecs → protocol', 'src/lib/codecs/planted.ts', "import '../protocol/crc32';"],
		['protocol → dexie', 'src/lib/protocol/planted.ts', "import Dexie from 'dexie';"],
		['protocol → db', 'src/lib/protocol/planted.ts', "import '$lib/db/index';"],
		['db → table', 'src/lib/db/planted.ts', "import '../table/round-session.state.svelte';"],
		[
			'db → exchange, in a test',
			'src/lib/db/planted.test.ts',
			"import '../exchange/code-reading.state.svelte';"
		],
		['table → a route', 'src/lib/table/planted.ts', "import '../../routes/tisch/+page.svelte';"],
		['cli → db', 'src/cli/planted.ts', "import '../lib/db/index';"],
		['cli → the other texts', 'src/cli/planted.ts', "import '../lib/i18n/common';"],
		['problem texts → protocol', 'src/lib/i18n/problems/planted.ts', "import '../../protocol/problems';"],
		['problem texts → svelte', 'src/lib/i18n/problems/planted.ts', "import { untrack } from 'svelte';"],
		['protocol → problem texts', 'src/lib/protocol/planted.ts', "import '../i18n/problems/index';"],
		['db → problem texts', 'src/lib/db/planted.ts', "import '../i18n/problems/index';"]
	])('%s', async (_, filePath, code) => {
		// The layer rule itself refuses it, once: no other message (an import of a file that is not there,
		// a package nobody declared) stands in for it.
		expect(await layerErrors(filePath, code)).toEqual([expect.stringMatching(/^boundaries\/dependencies: /)]);
	});
});

describe('layers: an import down the stack passes', () => {
	it.each([
		['domain → domain', 'src/lib/domain/planted.ts', "import { seededRandom } from './random';"],
		['codecs → domain', 'src/lib/codecs/planted.ts', "import '../domain/result';"],
		['db → protocol', 'src/lib/db/planted.ts', "import '../protocol/crc32';"],
		['db → dexie', 'src/lib/db/planted.ts', "import Dexie from 'dexie';"],
		[
			'table → db, dynamic',
			'src/lib/table/planted.ts',
			"export const rounds = () => import('$lib/db/rounds');"
		],
		['exchange → db, in a test', 'src/lib/exchange/planted.test.ts', "import '../db/index';"],
		['route → table', 'src/routes/planted.ts', "import '$lib/table/round-session.state.svelte';"],
		['cli → domain', 'src/cli/planted.ts', "import '../lib/domain/result';"],
		['cli → problem texts', 'src/cli/planted.ts', "import '../lib/i18n/problems/index';"],
		['problem texts → domain', 'src/lib/i18n/problems/planted.ts', "import '../../domain/result';"],
		['table → problem texts', 'src/lib/table/planted.ts', "import '../i18n/problems/round';"],
		['route → problem texts', 'src/routes/planted.ts', "import '$lib/i18n/problems/index';"],
		['i18n → problem texts', 'src/lib/i18n/planted.ts', "import './problems/index';"]
	])('%s', async (_, filePath, code) => {
		expect(await layerErrors(filePath, code)).toEqual([]);
	});
});

// The layers of docs/ARCHITECTURE.md, enforced by eslint-plugin-boundaries: every file belongs to one layer and
// imports only its own layer and those below it — static, dynamic (`import()`) and re-exports alike, whether
// written relative or through `$lib`, in tests and their helpers too.

/** From the bottom up: each layer may import the layers before it. */
export const LAYERS = [
	{ type: 'domain', pattern: 'src/lib/domain' },
	{ type: 'codecs', pattern: 'src/lib/codecs' },
	{ type: 'protocol', pattern: 'src/lib/protocol' },
	// The door to a CouchDB server beyond the venue: protocol and data, no storage of this device, no UI.
	{ type: 'publish', pattern: 'src/lib/publish' },
	{ type: 'db', pattern: 'src/lib/db' },
	{
		type: 'area',
		// The areas, and helpers beside them in src/lib itself (matched after the folders above).
		pattern: ['src/lib/{table,director,club,exchange,live,settings,components,pwa,i18n}', 'src/lib'],
		also: ['problem-texts']
	},
	// Routes also take the app's stylesheet (src/app.css).
	{ type: 'routes', pattern: 'src/routes', also: ['app', 'problem-texts'] }
];

/**
 * The texts of every problem (src/lib/i18n/problems/): part of i18n, but they import only the domain,
 * so that the command line prints the very texts the screens show. Matched before the areas, whose
 * i18n folder holds them; the layers below the areas may not use them (a problem is a code, its words
 * are the UI's).
 */
const PROBLEM_TEXTS = { type: 'problem-texts', pattern: 'src/lib/i18n/problems', allow: ['domain'] };

/** Outside the stack: the command line over the domain, the protocol's files and publishing (and the problem texts), the service worker, and the app's own files in src/. */
const SIDES = [
	{ type: 'cli', pattern: 'src/cli', allow: ['domain', 'codecs', 'protocol', 'publish', 'problem-texts'] },
	{ type: 'service-worker', pattern: 'src/service-worker', allow: [] },
	{ type: 'app', pattern: 'src', allow: ['domain', 'codecs', 'protocol', 'db', 'area'] }
];

/** Packages that a layer must not use: the rules are plain TypeScript, the protocol runs anywhere. */
const FORBIDDEN_PACKAGES = {
	domain: ['svelte', 'dexie', 'zod', '$app', '$app/*'],
	codecs: ['svelte', 'dexie', '$app', '$app/*'],
	protocol: ['svelte', 'dexie', '$app', '$app/*'],
	publish: ['svelte', 'dexie', '$app', '$app/*'],
	'problem-texts': ['svelte', 'dexie', 'zod', '$app', '$app/*']
};

/**
 * The eslint configuration blocks that hold every source file to its layer.
 * @param {import('eslint').ESLint.Plugin} boundaries
 * @returns {import('eslint').Linter.Config[]}
 */
export function layerRules(boundaries) {
	const below = (/** @type {string} */ type) =>
		LAYERS.slice(0, LAYERS.findIndex((layer) => layer.type === type) + 1);
	const elements = [PROBLEM_TEXTS, ...LAYERS, ...SIDES].map(({ type, pattern }) => ({
		type,
		pattern,
		partialMatch: false
	}));
	const policies = [
		// Packages and node's modules are open to every layer, but for those below.
		{ allow: { to: { module: { origin: ['external', 'core'] } } } },
		...LAYERS.map(({ type, also = [] }) => ({
			from: { element: { type } },
			allow: { to: { element: { types: { anyOf: [...below(type).map((layer) => layer.type), ...also] } } } }
		})),
		...[PROBLEM_TEXTS, ...SIDES].map(({ type, allow }) => ({
			from: { element: { type } },
			allow: { to: { element: { types: { anyOf: [type, ...allow] } } } }
		})),
		...Object.entries(FORBIDDEN_PACKAGES).map(([type, sources]) => ({
			from: { element: { type } },
			disallow: { to: { module: { source: sources } } }
		}))
	];
	return [
		{
			files: ['src/**/*.{js,ts,svelte}'],
			plugins: { boundaries },
			settings: {
				'boundaries/elements': elements,
				'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
				'boundaries/include': ['src/**/*'],
				// SvelteKit's virtual modules resolve to no file: they count as packages.
				'boundaries/flag-as-external': { customSourcePatterns: ['$app/**', '$env/**', '$service-worker'] },
				'import/resolver': { typescript: { project: './tsconfig.json' } }
			},
			rules: {
				'boundaries/dependencies': ['error', { default: 'disallow', checkAllOrigins: true, policies }],
				'boundaries/no-unknown-dependencies': 'error',
				'boundaries/no-unknown-files': 'error'
			}
		}
	];
}

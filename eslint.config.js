import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import ts from 'typescript-eslint';
import { layerRules } from './layers.config.js';
import svelteConfig from './svelte.config.js';

export default ts.config(
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'node_modules/',
			'test-results/',
			'bench-results/',
			'static/',
			'.tmp/',
			'dev-dist/',
			// a mutation run's copies of the project (StrykerJS's sandboxes) and its reports
			'.stryker-tmp/',
			'reports/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } }
	},
	{
		files: ['**/*.ts', '**/*.svelte', '**/*.svelte.ts'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
			'@typescript-eslint/await-thenable': 'error',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
		}
	},
	...layerRules(boundaries),
	{
		files: ['src/lib/domain/**/*.ts'],
		rules: {
			'no-restricted-globals': [
				'error',
				...['performance', 'crypto', 'Date'].map((name) => ({
					name,
					message: 'Time, randomness and ids are passed in to the domain core.'
				}))
			],
			'no-restricted-properties': [
				'error',
				{ object: 'Math', property: 'random', message: 'Randomness is passed in (a seeded Random).' }
			]
		}
	},
	{
		files: ['src/lib/domain/**/*.test.ts', 'src/lib/domain/**/testing.ts', 'src/lib/domain/testing/**'],
		rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' }
	}
);

// The cross-engine suite: the built app in WebKit (WebKitWebDriver + MiniBrowser, under xvfb) and in
// Firefox ESR (WebDriver BiDi). `npm run test:engines`; WB_ENGINES=webkit|firefox and WB_ENGINE_TESTS=<regex>
// pick a part. It ends with one line per engine: "webkit: N passed, M failed".
import { buildApp, serveApp } from '../e2e/global-setup';
import { bfcacheTests } from './bfcache';
import { boundsTests } from './bounds';
import { cameraTests } from './camera';
import { deskTests } from './desk';
import { ENGINES, launch, type Engine, type EngineName } from './driver';
import { exchangeTests } from './exchange';
import { handInTests } from './handin';
import { liveTests } from './live';
import { offlineTests } from './offline';
import { publishTests } from './publish';
import { screenTests } from './screens';
import type { EngineContext, EngineTest } from './suite';
import { tableTests } from './table';
import { unfinishedTests } from './unfinished';

const TESTS: EngineTest<{ release(): Promise<void> }>[] = [
	...tableTests,
	...offlineTests,
	...deskTests,
	...exchangeTests,
	...cameraTests,
	...handInTests,
	...bfcacheTests,
	...publishTests,
	...boundsTests,
	...liveTests,
	...screenTests,
	...unfinishedTests
];
const TEST_TIMEOUT_MS = 180_000;

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
	let timer: ReturnType<typeof setTimeout> | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what}: more than ${ms / 1000} s`)), ms);
	});
	return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function main(): Promise<number> {
	const engines = ENGINES.filter(
		(name) => !process.env.WB_ENGINES || process.env.WB_ENGINES.split(',').includes(name)
	);
	const only = process.env.WB_ENGINE_TESTS ? new RegExp(process.env.WB_ENGINE_TESTS) : null;
	const tests = TESTS.filter((test) => !only || only.test(test.name));
	buildApp();
	const tally = new Map<EngineName, { passed: number; retried: number; failed: number }>();

	/**
	 * One engine's tests, one after the other, against a server of its own: a test that cuts the network
	 * stops only its engine's server, so the engines can run side by side.
	 */
	async function runEngine(name: EngineName): Promise<void> {
		let server = await serveApp();
		const port = Number(new URL(server.baseURL).port);
		const counts = { passed: 0, retried: 0, failed: 0 };
		tally.set(name, counts);
		let named = false;
		/** One run of a test in a fresh profile of the engine. */
		const runOne = async (
			engineName: EngineName,
			test: (typeof tests)[number],
			attempt: number
		): Promise<'passed' | 'failed'> => {
			const started = Date.now();
			const label = attempt === 1 ? '' : ' (second try)';
			let engine: Engine | undefined;
			let cut = false;
			// The test's own preparations run while the browser starts (a rejection is met where it is awaited).
			const preparing = test.prepare?.();
			preparing?.catch(() => {});
			let launchedIn = 0;
			try {
				engine = await launch(engineName);
				launchedIn = Date.now() - started;
				if (!named) console.log(`${engineName} ${engine.version}`);
				named = true;
				const context: EngineContext = {
					engine,
					baseURL: server.baseURL,
					async cutNetwork() {
						cut = true;
						await server.stop();
					}
				};
				const prepared = preparing
					? await withTimeout(preparing, TEST_TIMEOUT_MS, `${test.name} (prepare)`)
					: (undefined as never);
				await withTimeout(test.run(context, prepared), TEST_TIMEOUT_MS, test.name);
				const seconds = (ms: number) => (ms / 1000).toFixed(1);
				console.log(
					`  ✓ ${engineName}: ${test.name}${label} (${seconds(Date.now() - started)} s, the browser's start ${seconds(launchedIn)} s of it)`
				);
				return 'passed';
			} catch (error) {
				console.log(
					`  ✗ ${engineName}: ${test.name}${label}\n    ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
				);
				return 'failed';
			} finally {
				await engine?.close();
				await (await preparing?.catch(() => undefined))?.release();
				// The network comes back for the next test, on the same port: the same origin.
				if (cut) server = await serveApp(port);
			}
		};
		for (const test of tests.filter((each) => !each.engines || each.engines.includes(name))) {
			// A test that fails is run once more in a fresh profile; both outcomes are printed and a pass
			// on the second try is counted apart (`retried`), so a flicker stays visible.
			for (let attempt = 1; attempt <= 2; attempt++) {
				const outcome = await runOne(name, test, attempt);
				if (outcome === 'passed') {
					if (attempt === 1) counts.passed++;
					else counts.retried++;
					break;
				}
				if (attempt === 2) counts.failed++;
			}
		}
		await server.stop();
	}

	// Side by side unless WB_ENGINES_AT_ONCE=0: each engine's browser mostly waits on its page, and on CI's two
	// cores WebKit's and Firefox's runs overlap rather than add up.
	if (process.env.WB_ENGINES_AT_ONCE === '0') for (const name of engines) await runEngine(name);
	else await Promise.all(engines.map(runEngine));
	let failed = 0;
	for (const name of engines) {
		const counts = tally.get(name)!;
		console.log(
			`${name}: ${counts.passed} passed, ${counts.retried} passed on a second try, ${counts.failed} failed`
		);
		failed += counts.failed;
	}
	return failed === 0 && tests.length > 0 ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: unknown) => {
		console.error(error);
		process.exit(1);
	}
);

import type { Engine } from './driver';

/** What a test gets: its engine (a fresh profile), the app's address, and the means to cut the network. */
export interface EngineContext {
	readonly engine: Engine;
	readonly baseURL: string;
	/** Stops the app's server (the venue has no network) until the test ends. */
	cutNetwork(): Promise<void>;
}

/** One test of the cross-engine suite: it throws (node:assert) when the engine fails it. */
export interface EngineTest {
	readonly name: string;
	run(context: EngineContext): Promise<void>;
}

/** Records what the page reports as an error: uncaught exceptions and unhandled rejections. */
export function watchErrors(): void {
	const errors: string[] = [];
	Object.assign(window, { __errors: errors });
	addEventListener('error', (event) => errors.push(String(event.message)));
	addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
}

/** What {@link watchErrors} recorded. */
export function seenErrors(): string[] {
	return (window as unknown as { __errors?: string[] }).__errors ?? [];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

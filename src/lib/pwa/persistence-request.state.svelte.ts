import { requestPersistence } from './storage';

/**
 * Persistent storage, asked for on the first real action of a screen that has no badge of its own (the
 * director's desk: creating a tournament). When the browser refuses, the app shell shows the advice
 * (`StorageNotice`) until it is acknowledged. The table screen shows its own badge
 * (src/lib/table/persistence.state.svelte.ts).
 */
export class PersistenceRequest {
	/** The browser's answer; null until asked. */
	persisted = $state<boolean | null>(null);
	#acknowledged = $state(false);
	#pending: Promise<boolean> | undefined;
	#request: () => Promise<boolean>;

	/** The refusal is shown until acknowledged. */
	readonly showAdvice = $derived(this.persisted === false && !this.#acknowledged);

	constructor(request: () => Promise<boolean> = () => requestPersistence()) {
		this.#request = request;
	}

	/** Asks the browser once per visit (src/lib/pwa/storage.ts does not ask again once it is persistent). */
	ensure(): Promise<boolean> {
		this.#pending ??= this.#request().then(
			(granted) => (this.persisted = granted),
			() => (this.persisted = false)
		);
		return this.#pending;
	}

	/** Hides the advice (the person read it). */
	acknowledge(): void {
		this.#acknowledged = true;
	}
}

/** The app's one request, asked from the director's desk, shown by the root layout. */
export const persistenceRequest = new PersistenceRequest();

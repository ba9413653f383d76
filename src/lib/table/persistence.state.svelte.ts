import { requestPersistence, storageStatus } from '$lib/pwa/storage';

/** Whether the browser keeps this device's data for good; asked on the first real action of a round. */
export class Persistence {
	/** null: not known yet. */
	persisted = $state<boolean | null>(null);
	#asked = false;

	/** Reads the current status without asking. */
	async refresh(): Promise<void> {
		try {
			this.persisted = (await storageStatus()).persisted;
		} catch {
			this.persisted = null;
		}
	}

	/** Asks once per screen (navigator.storage.persist through src/lib/pwa/storage.ts). */
	ensure(): void {
		if (this.#asked || this.persisted) return;
		this.#asked = true;
		void requestPersistence().then((granted) => (this.persisted = granted));
	}
}

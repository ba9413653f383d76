import { requestPersistence, storageStatus, type StorageStatus } from '$lib/pwa/storage';

/** The browser's storage as the settings screen needs it; tests pass fakes. */
export interface StorageAccess {
	status: () => Promise<StorageStatus>;
	request: () => Promise<boolean>;
}

export const browserStorage: StorageAccess = {
	status: () => storageStatus(),
	request: () => requestPersistence()
};

/** Whether the data is kept for good, how much space it uses, and asking the browser to keep it. */
export class StoragePanelState {
	status = $state<StorageStatus | null>(null);
	requesting = $state(false);
	/** The browser said no to the last request. */
	refused = $state(false);
	#access: StorageAccess;

	constructor(access: StorageAccess = browserStorage) {
		this.#access = access;
	}

	/** Space left, when the browser tells both numbers. */
	get available(): number | null {
		const status = this.status;
		if (!status || status.usage === null || status.quota === null) return null;
		return Math.max(0, status.quota - status.usage);
	}

	async load(): Promise<void> {
		this.status = await this.#access.status();
	}

	/** Asks the browser to keep the data, then reads the status again. */
	async request(): Promise<void> {
		this.requesting = true;
		try {
			const granted = await this.#access.request();
			this.refused = !granted;
			await this.load();
		} finally {
			this.requesting = false;
		}
	}
}

/** Bytes in decimal units as the language writes them: "2,5 MB" / "2.5 MB". */
export function formatBytes(bytes: number, locale: 'de' | 'en'): string {
	const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
	let value = bytes;
	let unit = 0;
	while (value >= 1000 && unit < units.length - 1) {
		value /= 1000;
		unit++;
	}
	return new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
		style: 'unit',
		unit: units[unit],
		unitDisplay: 'short',
		maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0
	}).format(value);
}

// Persistent storage: a tournament's data lives only in this browser, so ask it not to evict the data when
// the device runs short of space. Chromium grants this silently for installed apps, Firefox asks the person.

/** How much the app stores and whether the browser keeps it for good. `null`: the browser does not say. */
export interface StorageStatus {
	persisted: boolean;
	usage: number | null;
	quota: number | null;
}

/** The part of the StorageManager API used here; any of it may be missing. */
type Storage = Partial<Pick<StorageManager, 'persist' | 'persisted' | 'estimate'>>;

const browserStorage = (): Storage | undefined => globalThis.navigator?.storage;

let pending: Promise<boolean> | undefined;

/**
 * Asks the browser to keep the app's data (navigator.storage.persist); true when it is persistent.
 * Safe to call often: an already persistent store is not asked again, and parallel calls share one request.
 */
export function requestPersistence(storage: Storage | undefined = browserStorage()): Promise<boolean> {
	pending ??= ask(storage).finally(() => {
		pending = undefined;
	});
	return pending;
}

async function ask(storage: Storage | undefined): Promise<boolean> {
	try {
		if (await storage?.persisted?.()) return true;
		return (await storage?.persist?.()) ?? false;
	} catch {
		return false;
	}
}

/** Whether the data is persistent and how much space it uses of how much, as far as the browser tells. */
export async function storageStatus(storage: Storage | undefined = browserStorage()): Promise<StorageStatus> {
	const [persisted, estimate] = await Promise.all([
		storage?.persisted?.().catch(() => false) ?? false,
		storage?.estimate?.().catch(() => undefined)
	]);
	return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/** What {@link evictsWhenUnused} reads of the browser. */
export interface BrowserTraits {
	userAgent: string;
	/** The app runs from the home screen (or as an installed app). */
	standalone: boolean;
}

const browserTraits = (): BrowserTraits => ({
	userAgent: globalThis.navigator?.userAgent ?? '',
	standalone:
		globalThis.matchMedia?.('(display-mode: standalone)').matches === true ||
		(globalThis.navigator as { standalone?: boolean } | undefined)?.standalone === true
});

/**
 * Whether the browser deletes the data of a website not used for some days, whatever persist() says:
 * Safari and every browser on an iPad or iPhone (all WebKit) delete a website's storage after 7 days
 * without a visit, unless the app was added to the home screen and is opened from there.
 */
export function evictsWhenUnused({ userAgent, standalone }: BrowserTraits = browserTraits()): boolean {
	const webKit = /AppleWebKit\//.test(userAgent) && !/Chrome\/|Chromium\/|Android|Edg\//.test(userAgent);
	return webKit && !standalone;
}

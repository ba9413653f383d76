import { tabletNameSchema } from '$lib/codecs/sync';
import { LIMITS } from '$lib/domain/limits';

/**
 * The name a tablet chose for itself ("Tablet 3 (blau)"), one per device like the other device settings:
 * localStorage `wb.tablet-name`. It travels in every result code and table report, so the desk shows the
 * tablet by its table and this name, never by a device id.
 */
export const TABLET_NAME_KEY = 'wb.tablet-name';

/** The stored name, or undefined when none is set (or it is not one a code may carry). */
export function storedTabletName(): string | undefined {
	try {
		const parsed = tabletNameSchema.safeParse(globalThis.localStorage?.getItem(TABLET_NAME_KEY) ?? '');
		return parsed.success ? parsed.data : undefined;
	} catch {
		return undefined;
	}
}

/** The name as typed, trimmed and cut to the bound; empty removes it. */
export function storeTabletName(name: string): string {
	const value = name.trim().slice(0, LIMITS.tabletName).trim();
	try {
		if (value) globalThis.localStorage?.setItem(TABLET_NAME_KEY, value);
		else globalThis.localStorage?.removeItem(TABLET_NAME_KEY);
	} catch {
		// storage blocked: the name holds for this session only
	}
	return value;
}

/** The tablet's name as a rune, for the settings and the table screen. */
export class TabletName {
	#value = $state(storedTabletName() ?? '');

	get value(): string {
		return this.#value;
	}

	set value(name: string) {
		this.#value = storeTabletName(name);
	}
}

import type { RuleOptions } from '$lib/domain/rules';

/**
 * Whether this device checks the announcements of one round. It starts on for tournament rules, where
 * the announcement is part of the rules, and off for club rules, where nobody has to announce and typing
 * every announcement would hold the game up; the table's menu says so under the switch. A choice made
 * at the table is kept per round on this device.
 */
export class AnnouncementCheckSetting {
	readonly byDefault: boolean;
	#on: boolean;
	readonly #key: string;

	constructor(roundId: string, rules: Pick<RuleOptions, 'preset'>) {
		this.#key = `wb.table.check.${roundId}`;
		this.byDefault = rules.preset === 'tournament';
		this.#on = $state(this.#stored() ?? this.byDefault);
	}

	get on(): boolean {
		return this.#on;
	}

	set on(on: boolean) {
		this.#on = on;
		try {
			localStorage.setItem(this.#key, on ? '1' : '0');
		} catch {
			// kept for this visit only
		}
	}

	#stored(): boolean | null {
		try {
			const stored = localStorage.getItem(this.#key);
			return stored === null ? null : stored === '1';
		} catch {
			return null; // storage blocked: the default applies
		}
	}
}

/** Texts of the correction of an earlier turn. */

import { Texts } from './texts.svelte';

export const de = {
	title: (name: string, lap: number) => `Zug korrigieren: ${name}, Runde ${lap}`,
	hint: 'Nur wenn sich der Tisch einig ist. Das Blatt rechnet neu; der alte Eintrag bleibt im Protokoll.',
	draws: 'Gekauft',
	outcome: 'Dann',
	layOutcome: 'Stein gelegt',
	passOutcome: 'Gepasst',
	value: 'Wert',
	noBonus: 'kein Bonus',
	reason: 'Grund',
	reasonPlaceholder: 'z. B. Wert verwechselt, Tisch einig',
	reasonMissing: 'Bitte einen Grund angeben.',
	preview: (score: string) => `Neuer Zug: ${score}`,
	save: 'Korrektur speichern'
};

/** In the current language (`.t`); English loads with ./table.en.ts. */
export const correctionTexts = Texts.lazy('correction', de);

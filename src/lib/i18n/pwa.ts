/** Texts of the update banner (German first; English has the same keys). Listed in index.svelte.ts. */
export const de = {
	offer: 'Neue Version verfügbar – jetzt aktualisieren',
	heldOffer: 'Eine neue Version ist bereit. Aktualisieren geht nach dem Ende der Runde.',
	reloadAfterRound:
		'Eine neue Version wurde in einem anderen Fenster installiert. Diese Seite lädt nach dem Ende der Runde neu.',
	offlineReady: 'Die App ist jetzt auf diesem Gerät gespeichert und funktioniert auch ohne Netz.',
	update: 'Aktualisieren',
	later: 'Später',
	ok: 'OK'
};

export const en: typeof de = {
	offer: 'A new version is available – update now',
	heldOffer: 'A new version is ready. You can update once the round is over.',
	reloadAfterRound:
		'A new version was installed in another window. This page reloads when the round is over.',
	offlineReady: 'The app is now stored on this device and also works without a network.',
	update: 'Update',
	later: 'Later',
	ok: 'OK'
};

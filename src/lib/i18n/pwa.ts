/** Texts of the update banner, the database notice and the backup advice (German first; English has the same keys). */

import { Texts } from './texts.svelte';

export const de = {
	offer: 'Neue Version verfügbar – jetzt aktualisieren',
	heldOffer: 'Eine neue Version ist bereit. Aktualisieren geht nach dem Ende der Runde.',
	reloadAfterRound:
		'Eine neue Version wurde in einem anderen Fenster installiert. Diese Seite lädt nach dem Ende der Runde neu.',
	offlineReady: 'Gespeichert: die App funktioniert auch ohne Netz.',
	update: 'Aktualisieren',
	later: 'Später',
	ok: 'OK',
	/** Another tab changed the database under this one (src/lib/pwa/database-connection.state.svelte.ts). */
	database: {
		title: 'Bitte neu laden',
		closing: 'Die letzten Eingaben werden gespeichert …',
		upgrade:
			'Eine neuere Version der App wurde in einem anderen Fenster geöffnet und hat die gespeicherten Daten übernommen. Alles bis hierher Gespeicherte bleibt erhalten. Laden Sie diese Seite neu, um weiterzumachen.',
		delete:
			'Die gespeicherten Daten dieser App wurden in einem anderen Fenster gelöscht. Laden Sie diese Seite neu.',
		lost: 'Der Browser hat die Verbindung zum Speicher dieser App getrennt. Laden Sie diese Seite neu.',
		unopenableTitle: 'Speicher nicht lesbar',
		unopenable:
			'Die gespeicherten Daten dieser App können nicht geöffnet werden. Es wird nichts gelöscht. Schließen Sie den Browser ganz und öffnen Sie die App neu; hilft das nicht, erfassen Sie auf einem anderen Gerät weiter.',
		blocked:
			'Die App ist in einem anderen Fenster noch in einer älteren Version geöffnet. Schließen Sie das andere Fenster oder laden Sie es neu – dann geht es hier weiter.',
		reload: 'Neu laden'
	},
	/** The browser may delete the data (persist() refused): advice at every round end. */
	backupTitle: 'Speicher nicht dauerhaft:',
	/** The same, said once when the director's first action was refused persistent storage. */
	storageRefused:
		'Der Browser könnte die Daten bei Platzmangel löschen. Als App installieren hilft. Nach jeder Runde bietet der Rundenstatus an, die Turnierdatei zu sichern.',
	/** Safari (every iPad browser) deletes a website's data after 7 days unused, unless on the home screen. */
	unusedEviction:
		'Safari (auf iPad und iPhone jeder Browser) löscht die Daten einer Website, die 7 Tage lang nicht geöffnet wurde. Fügen Sie die App zum Home-Bildschirm hinzu (Teilen → „Zum Home-Bildschirm“) und öffnen Sie sie von dort; sichern Sie bis dahin nach jeder Runde die Datei.',
	understood: 'Verstanden'
};

export const en: typeof de = {
	offer: 'A new version is available – update now',
	heldOffer: 'A new version is ready. You can update once the round is over.',
	reloadAfterRound:
		'A new version was installed in another window. This page reloads when the round is over.',
	offlineReady: 'Stored: the app also works without a network.',
	update: 'Update',
	later: 'Later',
	ok: 'OK',
	database: {
		title: 'Please reload',
		closing: 'Saving the last entries …',
		upgrade:
			'A newer version of the app was opened in another window and has taken over the stored data. Everything saved so far is kept. Reload this page to go on.',
		delete: 'This app’s stored data was deleted in another window. Reload this page.',
		lost: 'The browser closed the connection to this app’s storage. Reload this page.',
		unopenableTitle: 'Storage cannot be read',
		unopenable:
			'This app’s stored data cannot be opened. Nothing is deleted. Close the browser completely and open the app again; if that does not help, go on entering on another device.',
		blocked:
			'The app is still open in an older version in another window. Close that window or reload it – then this one goes on.',
		reload: 'Reload'
	},
	backupTitle: 'Storage not persistent:',
	storageRefused:
		'The browser might delete the data when space runs short. Installing the app helps. After every round the round status offers to save the tournament file.',
	unusedEviction:
		'Safari (and every browser on iPad and iPhone) deletes a website’s data after 7 days without a visit. Add the app to the home screen (Share → “Add to Home Screen”) and open it from there; until then, save the file after every round.',
	understood: 'Got it'
};

/** In the current language (`.t`) or a given one (`.in(locale)`). */
export const pwaTexts = new Texts(de, en);

/** Texts of the settings screen. */

import { Texts } from './texts.svelte';
export const de = {
	title: 'Einstellungen',
	language: 'Sprache',
	languageHint: 'Die Sprache der Oberfläche auf diesem Gerät.',
	speech: 'Sprachausgabe',
	speechHint: 'Das Wertungsblatt sagt jeden Zug laut an. Gilt für neue Runden auf diesem Gerät.',
	tablet: 'Tablet im Turnier',
	on: 'Ein',
	off: 'Aus',
	storage: 'Speicher',
	storageIntro: 'Alle Runden, Partien und Turniere liegen nur in diesem Browser auf diesem Gerät.',
	persisted: 'Dauerhaft gespeichert',
	persistedHint: 'Der Browser löscht die Daten dieser App nicht von sich aus.',
	notPersisted: 'Nicht dauerhaft gespeichert',
	notPersistedHint:
		'Der Browser kann gespeicherte Daten löschen, wenn der Speicher knapp wird. Sichern Sie nach jeder Runde eine Exportdatei.',
	refused: 'Der Browser hat das dauerhafte Speichern abgelehnt.',
	refusedHint:
		'Manche Browser erlauben es erst, wenn die App installiert ist („Zum Startbildschirm hinzufügen“) oder öfter benutzt wurde.',
	request: 'Dauerhaft speichern',
	requesting: 'Frage den Browser …',
	used: 'Belegt',
	available: 'Verfügbar',
	unknown: 'unbekannt',
	checking: 'Wird geprüft …',
	about: 'Über die App',
	version: 'Version'
};

export const en: typeof de = {
	title: 'Settings',
	language: 'Language',
	languageHint: 'The language of the interface on this device.',
	speech: 'Speech output',
	speechHint: 'The score sheet reads every turn aloud. Applies to new rounds on this device.',
	tablet: 'Tablet in a tournament',
	on: 'On',
	off: 'Off',
	storage: 'Storage',
	storageIntro: 'All rounds, games and tournaments live only in this browser on this device.',
	persisted: 'Stored persistently',
	persistedHint: 'The browser will not delete this app’s data on its own.',
	notPersisted: 'Not stored persistently',
	notPersistedHint:
		'The browser may delete stored data when space runs low. Save an export file after every round.',
	refused: 'The browser refused persistent storage.',
	refusedHint:
		'Some browsers allow it only once the app is installed (“Add to home screen”) or has been used more often.',
	request: 'Store persistently',
	requesting: 'Asking the browser …',
	used: 'Used',
	available: 'Available',
	unknown: 'unknown',
	checking: 'Checking …',
	about: 'About the app',
	version: 'Version'
};

/** The settings texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const settingsTexts = new Texts(de, en);

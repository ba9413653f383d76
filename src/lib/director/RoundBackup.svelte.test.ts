import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamEvents } from '$lib/db/events';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { i18n } from '$lib/i18n/index.svelte';
import { fromFileText } from '$lib/protocol/files';
import { decodePayload } from '$lib/protocol/payload';
import RoundBackup from './RoundBackup.svelte';
import { storedTournament } from './testing';

/** navigator.storage of a browser that refused (or granted) persistent storage. */
function storage(persisted: boolean) {
	Object.defineProperty(navigator, 'storage', {
		configurable: true,
		value: { persisted: () => Promise.resolve(persisted), estimate: () => Promise.resolve({}) }
	});
}

/** The files the page hands to the browser as downloads (offerFile without a share sheet). */
function downloads(): File[] {
	// jsdom's Blob cannot stream (the payload is compressed with CompressionStream): node's can.
	vi.stubGlobal('Blob', NodeBlob);
	vi.stubGlobal('File', NodeFile);
	const files: File[] = [];
	URL.createObjectURL = vi.fn((blob: Blob) => {
		files.push(blob as File);
		return 'blob:backup';
	});
	URL.revokeObjectURL = vi.fn();
	vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
	return files;
}

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`round-backup-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
	Reflect.deleteProperty(navigator, 'storage');
	db().close();
	await db().delete();
});

const ROUND_ONE = [
	{ Anna: 120, Ben: 80, Cara: 40 },
	{ Dirk: 90, Eva: 70, Finn: 10 }
];

describe('RoundBackup: the tournament file at the end of a round', () => {
	it('where the browser may delete the data, says so and saves the whole tournament as a file', async () => {
		storage(false);
		const files = downloads();
		const id = await storedTournament(
			'triominos',
			['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'],
			[ROUND_ONE]
		);
		render(RoundBackup, { tournamentId: id, name: 'Testturnier' });
		const advice = await screen.findByRole('region', { name: 'Speicher nicht dauerhaft:' });
		expect(advice).toHaveTextContent(
			'Der Browser kann das gespeicherte Turnier löschen, wenn der Speicher knapp wird. Sichern Sie nach jeder Runde die Turnierdatei.'
		);
		await userEvent.click(screen.getByRole('button', { name: 'Turnierdatei sichern (.wbsync)' }));
		await vi.waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });

		const [file] = files;
		expect(file?.name).toBe('wertungsblatt_Testturnier.wbsync');
		const bytes = fromFileText(await file!.text());
		if (!bytes.ok) throw new Error(JSON.stringify(bytes.error));
		const decoded = await decodePayload(bytes.value);
		if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
		expect(decoded.value.payload).toMatchObject({ kind: 'tournament', tournamentId: id });
		const events = decoded.value.payload.kind === 'tournament' ? decoded.value.payload.events : [];
		expect(events).toHaveLength((await streamEvents(id)).length);
		// Issue 25, item 9: it says when the file is out, and under which name.
		expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent(
			'Gespeichert: wertungsblatt_Testturnier.wbsync (als Download auf diesem Gerät).'
		);
	});

	it('stays quiet where the data is kept for good', async () => {
		storage(true);
		const id = await storedTournament('triominos', ['Anna', 'Ben', 'Cara'], []);
		render(RoundBackup, { tournamentId: id, name: 'Testturnier' });
		await new Promise((r) => setTimeout(r, 20));
		expect(screen.queryByRole('region', { name: 'Speicher nicht dauerhaft:' })).toBeNull();
	});
});

import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '$lib/domain/limits';
import { fileOfSize } from '$lib/files-testing';
import { i18n } from '$lib/i18n/index.svelte';
import RecordImport from './RecordImport.svelte';

afterEach(cleanup);

describe('RecordImport keeps to LIMITS.recordBytes (issue 24, item 5)', () => {
	it('refuses a record past the bound by its size, before a byte of it is read, in both languages', async () => {
		i18n.locale = 'de';
		const imported: string[] = [];
		render(RecordImport, { onimported: (id: string) => void imported.push(id) });
		const { file, read } = fileOfSize('runde.trn', LIMITS.recordBytes + 1);
		await userEvent.upload(screen.getByLabelText(/Runde importieren/), file);
		const alert = await screen.findByRole('alert');
		expect(alert.textContent).toContain(
			'Nicht importiert – Zeile 1: Die Datei ist zu groß für die Aufzeichnung einer Runde: mehr als 1.000.000 Bytes.'
		);
		expect(alert.textContent).toContain(
			"Not imported – line 1: The file is too large for a round's record: more than 1,000,000 bytes."
		);
		expect(read()).toBe(false);
		expect(imported).toEqual([]);
	});
});

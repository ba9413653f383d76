import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '$lib/domain/limits';
import { fileOfSize } from '$lib/files-testing';
import { i18n } from '$lib/i18n/index.svelte';
import RestoreTournament from './RestoreTournament.svelte';

afterEach(cleanup);

describe('RestoreTournament keeps to LIMITS.fileBytes (issue 24, item 5)', () => {
	it('refuses a file past the bound by its size, before a byte of it is read, with the reason', async () => {
		i18n.locale = 'de';
		render(RestoreTournament);
		const { file, read } = fileOfSize('sicherung.json', LIMITS.fileBytes + 1);
		await userEvent.upload(screen.getByLabelText('Datei wählen (.wbsync oder .json)'), file);
		expect((await screen.findByRole('alert')).textContent).toBe(
			'Zu groß für eine Turnierdatei: mehr als 64.000.000 Bytes. Nichts wurde übernommen.'
		);
		expect(read()).toBe(false);
	});
});

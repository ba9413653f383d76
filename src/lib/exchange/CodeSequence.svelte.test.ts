import { File as NodeFile } from 'node:buffer';
import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '$lib/i18n/index.svelte';
import CodeSequence from './CodeSequence.svelte';
import { toCodes } from '../protocol/frames';
import { fileName, toFileText } from '../protocol/files';

const bytes = Uint8Array.of(1, 2, 3);
const file = { name: fileName('runde1_tisch2'), text: toFileText(bytes) };

/** A browser with a share sheet: `canShare` answers for files. */
function shareSheet(options: { files: boolean; share?: () => Promise<void> }) {
	const share = vi.fn(options.share ?? (() => Promise.resolve()));
	const canShare = vi.fn((data: { files?: File[] }) => options.files || !data.files);
	vi.stubGlobal('navigator', { ...navigator, share, canShare });
	return share;
}

/** Files the page hands to the browser as downloads. */
function downloads(): string[] {
	const names: string[] = [];
	URL.createObjectURL = vi.fn(() => 'blob:file');
	URL.revokeObjectURL = vi.fn();
	vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
		names.push(this.download);
	});
	return names;
}

beforeEach(() => {
	i18n.locale = 'de';
	render(CodeSequence, { codes: toCodes(bytes), label: 'Ergebnis Tisch 2', file });
});
afterEach(() => {
	cleanup();
	vi.restoreAllMocks();
	vi.unstubAllGlobals();
});

describe('CodeSequence: the code as a file', () => {
	it('hands the file to the share sheet where the browser can share files', async () => {
		vi.stubGlobal('File', NodeFile); // jsdom's File cannot be read back
		const share = shareSheet({ files: true });
		const saved = downloads();
		await userEvent.click(screen.getByRole('button', { name: 'Als Datei speichern' }));
		expect(await screen.findByRole('status')).toHaveTextContent('Geteilt.');
		expect(share).toHaveBeenCalledTimes(1);
		const [data] = share.mock.calls[0] as unknown as [{ files: File[]; title: string }];
		expect(data.files.map((f) => f.name)).toEqual(['wertungsblatt_runde1_tisch2.wbsync']);
		expect(await data.files[0]!.text()).toBe(file.text);
		expect(saved).toEqual([]);
	});

	it('downloads it where the share sheet cannot take files', async () => {
		const share = shareSheet({ files: false });
		const saved = downloads();
		await userEvent.click(screen.getByRole('button', { name: 'Als Datei speichern' }));
		expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
		expect(share).not.toHaveBeenCalled();
		expect(saved).toEqual(['wertungsblatt_runde1_tisch2.wbsync']);
	});

	it('does nothing more when the person closes the share sheet', async () => {
		const share = shareSheet({
			files: true,
			share: () => Promise.reject(new DOMException('closed', 'AbortError'))
		});
		const saved = downloads();
		await userEvent.click(screen.getByRole('button', { name: 'Als Datei speichern' }));
		await vi.waitFor(() => expect(share).toHaveBeenCalled());
		expect(screen.queryByRole('status')).toBeNull();
		expect(saved).toEqual([]);
	});

	it('downloads it when sharing fails', async () => {
		shareSheet({ files: true, share: () => Promise.reject(new DOMException('no', 'NotAllowedError')) });
		const saved = downloads();
		await userEvent.click(screen.getByRole('button', { name: 'Als Datei speichern' }));
		expect(await screen.findByRole('status')).toHaveTextContent('Gespeichert.');
		expect(saved).toEqual(['wertungsblatt_runde1_tisch2.wbsync']);
	});
});

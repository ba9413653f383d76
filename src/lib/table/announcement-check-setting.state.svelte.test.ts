import { afterEach, describe, expect, it } from 'vitest';
import { CLASSIC, TOURNAMENT } from '$lib/domain/rules';
import { AnnouncementCheckSetting } from './announcement-check-setting.state.svelte';

describe('AnnouncementCheckSetting (issue 14, item 12)', () => {
	afterEach(() => localStorage.clear());

	it('starts on for tournament rules and off for club rules', () => {
		expect(new AnnouncementCheckSetting('r-1', TOURNAMENT)).toMatchObject({ on: true, byDefault: true });
		expect(new AnnouncementCheckSetting('r-2', CLASSIC)).toMatchObject({ on: false, byDefault: false });
	});

	it('keeps the table’s choice for that round only', () => {
		new AnnouncementCheckSetting('r-1', CLASSIC).on = true;
		expect(new AnnouncementCheckSetting('r-1', CLASSIC).on).toBe(true);
		expect(new AnnouncementCheckSetting('r-2', CLASSIC).on).toBe(false);
	});
});

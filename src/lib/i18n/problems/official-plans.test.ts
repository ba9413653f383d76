import { describe, expect, it } from 'vitest';
import { officialPlansNote } from '../../domain/seating/official-plans-note';
import { problemText } from './index';

describe('the official SET plans, written up', () => {
	it('in OFFICIAL_PLANS.md exactly as the validator reports them, in German and English', async () => {
		await expect(officialPlansNote(problemText)).toMatchFileSnapshot(
			'../../domain/seating/OFFICIAL_PLANS.md'
		);
	});
});

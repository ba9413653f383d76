export {
	announce,
	announcementText,
	ANNOUNCEMENT_WORDS,
	kidsAnnouncement,
	LANGUAGES,
	type Language
} from './announce';
export { checkAnnouncement, type AnnouncementCheck } from './check';
export { germanNumber } from './numbers-de';
export { readGermanNumber } from './read-de';
export { englishNumber } from './numbers-en';
export { readEnglishNumber } from './read-en';
export {
	parseAnnouncement,
	STEP_KINDS,
	type Announcement,
	type Mistake,
	type Step,
	type StepKind
} from './parse';
export { tokenize, type NumberRead } from './tokens';
export {
	BONUS_VALUES,
	bonusParts,
	type BonusPart,
	FIGURE_BONUSES,
	GOING_OUT_BONUS,
	isBonusValue,
	passTotal,
	turnScore,
	type TurnParts
} from './turn-parts';

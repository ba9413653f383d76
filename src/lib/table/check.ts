// The announcement checker and the words of what it finds: the table screen loads them together, when
// the table first checks an announcement (or in idle time once the sheet is up).
export { checkAnnouncement } from '$lib/domain/announcement/check';
export { announcementProblemText } from '$lib/i18n/problems/announcement';

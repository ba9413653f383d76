import type { PageLoad } from './$types';

/** `?ansicht=tische`: opens on handing out the table codes (the draw screen links there). */
export const load: PageLoad = ({ params, url }) => ({
	id: params.id,
	open: url.searchParams.get('ansicht') === 'tische' ? ('handOut' as const) : null
});

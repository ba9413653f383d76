import { RoundSession } from '$lib/table/round-session.state.svelte';
import type { PageLoad } from './$types';

/** The round is replayed from IndexedDB on every open: a reload or a killed tab resumes exactly. */
export const load: PageLoad = async ({ params }) => ({ opened: await RoundSession.open(params.id) });

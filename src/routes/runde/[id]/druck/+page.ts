import { RoundSession } from '$lib/table/round-session.state.svelte';
import type { PageLoad } from './$types';

/** The print view reads the round like the sheet does, and writes nothing. */
export const load: PageLoad = async ({ params }) => ({ opened: await RoundSession.open(params.id) });

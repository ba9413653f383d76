import { resolve } from '$app/paths';
import type { ResolvedPathname } from '$app/types';

/**
 * Links into screens that others build and that may not exist yet (the table hand-out at
 * `/turnier/[id]/austausch`): not routes to the type checker yet, so `resolve` takes them as plain
 * paths. Once the route exists, link to it with `resolve()` directly and drop it here.
 */
const resolvePath = resolve as (path: string) => ResolvedPathname;

export const elsewhere = {
	/** Hand out tables by QR code and collect their results (the sync engineer's screen). */
	exchange: (id: string): ResolvedPathname => resolvePath(`/turnier/${encodeURIComponent(id)}/austausch`)
};

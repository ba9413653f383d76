import type { TournamentEvent, TournamentState } from '../domain/tournament';
import { canonicalJson } from '../protocol/digest';
import { sha256Hex } from '../protocol/hmac';
import type { Publishable } from './snapshot';

const hash = async (text: string) => (await sha256Hex(new TextEncoder().encode(text))).slice(0, 20);

/**
 * Ids for a tournament given as plain results (the command line's file), which has none of its own: the
 * tournament's from its format, name and date, each event's from its content (and how often the same
 * content came before). So the same file published twice, or grown by a round, keeps every id.
 */
export async function plainIdentity(
	events: readonly TournamentEvent[],
	state: TournamentState
): Promise<Publishable> {
	const id = `plain-${await hash(`${state.format}\n${state.name}\n${state.date}`)}`;
	const seen = new Map<string, number>();
	const renamed: TournamentEvent[] = [];
	for (const event of events) {
		const content = await hash(canonicalJson({ ...event, id: undefined, at: undefined }));
		const n = (seen.get(content) ?? 0) + 1;
		seen.set(content, n);
		renamed.push({ ...event, id: n === 1 ? content : `${content}-${n}` });
	}
	return { id, events: renamed, state };
}
